"use client";

import { createContext, useContext } from "react";
import type { PublicConfig } from "@/config/public";

const PublicConfigContext = createContext<PublicConfig | null>(null);

export const PublicConfigProvider = PublicConfigContext.Provider;

/** The request-time public configuration handed down by the root layout. */
export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error("usePublicConfig must be used inside <Providers>");
  return config;
}
