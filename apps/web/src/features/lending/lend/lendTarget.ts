import type { Pool } from "@lending/sdk";
import { useSyncExternalStore } from "react";

/** The pool and tranche a Lend button was clicked for; the lend modal reads it. */
export interface LendTarget {
  poolId: bigint;
  trancheId: bigint;
  /**
   * The pool as the card showed it (the server's read): the modal shows it at once, until (or
   * if its read fails, instead of) its own read of the chain
   */
  pool?: Pool;
}

let target: LendTarget | null = null;
const listeners = new Set<() => void>();

export function setLendTarget(next: LendTarget): void {
  target = next;
  for (const l of listeners) l();
}

export function useLendTarget(): LendTarget | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => target,
    () => null,
  );
}
