"use client";

import { createContext, useContext } from "react";
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
