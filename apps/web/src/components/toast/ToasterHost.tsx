"use client";

import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterStore } from "./toasterStore";

export default function ToasterHost() {
  useEffect(() => {
    toasterStore.markReady();
  }, []);
  return <Toaster position="bottom-right" richColors closeButton />;
}
