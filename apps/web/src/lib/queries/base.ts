"use client";

import { useChains, useClient } from "@/lib/stack";
import type { Client } from "viem";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { InitialData } from "./chain";

/** A viem client for the app's configured chain (not the wallet's chain). */
export function useAppChain(): { chainId: number; chainName: string; client?: Client } {
  const { chainId } = usePublicConfig();
  const chains = useChains();
  const client = useClient({ chainId }) as Client | undefined;
  return { chainId, chainName: chains.find((c) => c.id === chainId)?.name ?? "", client };
}

/** Seeds a query with what the server read while rendering (no browser read until it is stale). */
export function seed<T>(initial: InitialData<T> | undefined) {
  return initial ? { initialData: initial.data, initialDataUpdatedAt: initial.fetchedAt } : {};
}
