"use client";

import type { ChainToken } from "@lending/sdk";
import { lazy, Suspense } from "react";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { Skeleton } from "@/components/ui/Skeleton";
import { useConnection } from "@/lib/stack";
import { lazyView } from "@/lib/stack/chunks";
import { useWalletState } from "@/features/wallet/walletState";

/** A visitor's /portfolio/wallet-balance: connect first (disabled until the wallet state is known). */
export function WalletBalanceConnect({
  ready,
  prompt,
  connect,
  onConnect,
}: {
  ready: boolean;
  prompt: string;
  connect: string;
  onConnect: () => void;
}) {
  return (
    <section
      data-testid="wallet-balance-connect"
      className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="text-slate-700">{prompt}</p>
      <button
        type="button"
        disabled={!ready}
        onClick={onConnect}
        onMouseEnter={() => preloadModal("connectWallet")}
        className="mt-4 rounded-xl bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {connect}
      </button>
    </section>
  );
}

/** The balance list's code (balances, prices, the table): loaded for a connected wallet. */
const WalletBalance = lazy(lazyView("walletBalance", (m) => m.WalletBalance));

/**
 * /portfolio/wallet-balance: a visitor's page carries the connect prompt only (its words from the
 * server: `walletBalance.connectPrompt`, `wallet.connectWallet`); the balances load with a wallet.
 */
export function WalletBalanceGate({
  tokens,
  copy,
}: {
  tokens: readonly ChainToken[];
  copy: { connectPrompt: string; connectWallet: string };
}) {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  if (!(ready && status === "connected" && address)) {
    return (
      <WalletBalanceConnect
        ready={ready}
        prompt={copy.connectPrompt}
        connect={copy.connectWallet}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  return (
    <Suspense fallback={<Skeleton className="block h-32 w-full max-w-3xl" />}>
      <WalletBalance tokens={tokens} />
    </Suspense>
  );
}
