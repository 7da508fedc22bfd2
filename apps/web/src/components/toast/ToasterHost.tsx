"use client";

import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterStore } from "./toasterStore";

export default function ToasterHost() {
  useEffect(() => {
    toasterStore.markReady();
  }, []);
  // a layer of its own, there before the first toast: an open dialog leaves it reachable
  // (components/modal/modalStack.ts), so a toast stays closable over a modal
  return (
    <div data-toast-layer="">
      <Toaster position="bottom-right" richColors closeButton />
    </div>
  );
}
