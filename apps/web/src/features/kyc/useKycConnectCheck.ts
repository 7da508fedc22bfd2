"use client";

import { wallet } from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showToast } from "@/components/toast/toast";
import { queryKeys } from "@/lib/queries/keys";
import { checkKycStatus } from "./kycState";

export const CONNECTED_TOAST = {
  type: "info",
  title: wallet.toasts.accountConnected,
  message: wallet.toasts.verifyingStatus,
} as const;
export const ACCOUNT_CHANGE_TOAST = { type: "info", title: wallet.toasts.accountChange } as const;

/**
 * The KYC status check on wallet connect (spec section 4, "KYC status check" and "Connect"):
 * once the wallet layer is ready, every connected account is checked with the server. A
 * connection made by the user shows 'Account connected / Verifying status of account...'; an
 * account change while connected shows 'Account change detected'. A restored session is checked
 * silently. The running check is aborted when the wallets change (account, connector or
 * disconnect).
 */
export function useKycConnectCheck(args: {
  ready: boolean;
  address: string | undefined;
  /** changes when the active wallet changes */
  walletKey: string | undefined;
}): void {
  const { ready, address, walletKey } = args;
  const queryClient = useQueryClient();
  /** the account seen on the previous run: undefined before ready, null when disconnected */
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!ready) return;
    const before = previous.current;
    previous.current = address ?? null;
    if (!address) return;
    if (before === null) void showToast(CONNECTED_TOAST);
    else if (before !== undefined && before.toLowerCase() !== address.toLowerCase()) {
      void showToast(ACCOUNT_CHANGE_TOAST);
    }
    const controller = new AbortController();
    void checkKycStatus(address, controller.signal).then((info) => {
      if (info) queryClient.setQueryData(queryKeys.kyc(address), info);
    });
    return () => controller.abort();
  }, [ready, address, walletKey, queryClient]);
}
