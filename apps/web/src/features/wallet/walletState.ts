"use client";

import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import type { DevWalletProvider } from "./devWalletProvider";

export interface WalletState {
  /** wagmi has restored its state and tried to reconnect: the wallet button may be used */
  ready: boolean;
  /**
   * wagmi is still restoring the session while a visitor's button is already usable (nothing was
   * remembered to restore): a connection made by code in this moment may be reset by the restore
   */
  restoring?: boolean;
  devWallet?: DevWalletProvider;
}

export const WalletStateContext = createContext<WalletState>({ ready: false });

/** The wallet layer's state; on a visitor's page (no stack loaded) ready once hydrated. */
export function useWalletState(): WalletState {
  return useContext(WalletStateContext);
}

/**
 * A function that resolves once wagmi has restored the session (at once when it has): a
 * connection made while the restore runs could be reset by it. A visitor's Connect Wallet is
 * usable during the restore (it takes a moment after the wallet stack loads), so the connect
 * modal waits on this before it connects; at most `limitMs`.
 */
export function useWalletRestored(limitMs = 5000): () => Promise<void> {
  const { restoring } = useWalletState();
  const current = useRef(restoring);
  useEffect(() => {
    current.current = restoring;
  }, [restoring]);
  return useCallback(async () => {
    const until = Date.now() + limitMs;
    while (current.current && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }, [limitMs]);
}
