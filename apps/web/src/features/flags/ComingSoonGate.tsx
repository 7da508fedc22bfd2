"use client";

import { useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";

/** On /locking while the token launch is off: opens the Coming Soon modal. */
export function ComingSoonGate() {
  const { open } = useModal();
  useEffect(() => {
    open("comingSoon");
  }, [open]);
  return null;
}
