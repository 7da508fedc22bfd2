"use client";

import { clientOnly } from "@/lib/clientOnly";
import { useSyncExternalStore } from "react";
import { toasterStore } from "./toasterStore";

const ToasterHost = clientOnly(() => import("./ToasterHost").then((m) => m.default));

/** Mounts sonner's <Toaster> only once the first toast is requested. */
export function LazyToaster() {
  const requested = useSyncExternalStore(toasterStore.subscribe, toasterStore.get, () => false);
  return requested ? <ToasterHost /> : null;
}
