"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { toasterStore } from "./toasterStore";

const ToasterHost = dynamic(() => import("./ToasterHost"), { ssr: false });

/** Mounts sonner's <Toaster> only once the first toast is requested. */
export function LazyToaster() {
  const requested = useSyncExternalStore(toasterStore.subscribe, toasterStore.get, () => false);
  return requested ? <ToasterHost /> : null;
}
