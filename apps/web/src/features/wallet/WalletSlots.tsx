"use client";

import { useLiveStack } from "@/lib/stack";

/** The wrong-network bar, once the wallet stack is loaded (a visitor has no network to switch). */
export function WrongNetworkBarSlot() {
  const live = useLiveStack();
  return live ? <live.WrongNetworkBar /> : null;
}

/** The watchers of a connected wallet, once the wallet stack is loaded. */
export function WalletWatchersSlot() {
  const live = useLiveStack();
  return live ? <live.WalletWatchers /> : null;
}
