"use client";

import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterStore } from "./toast";

export default function ToasterHost() {
  useEffect(() => {
    toasterStore.markReady();
  }, []);
  return <Toaster position="bottom-right" richColors closeButton />;
}
