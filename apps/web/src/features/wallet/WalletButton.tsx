"use client";

import { useConnection } from "@/lib/stack";
import { shortenAddress } from "@lending/sdk";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useWalletState } from "./walletState";

/** The button's words (`wallet.connectWallet`, `wallet.connected`), passed by the server's header. */
export interface WalletButtonLabels {
  connectWallet: string;
  connected: string;
}

export interface WalletButtonViewProps {
  labels: WalletButtonLabels;
  ready: boolean;
  address?: string;
  onConnect: () => void;
  onManage: () => void;
}

/** Disconnected: "Connect Wallet" (disabled until ready). Connected: short address + chip. */
export function WalletButtonView({
  labels,
  ready,
  address,
  onConnect,
  onManage,
}: WalletButtonViewProps) {
  if (address) {
    return (
      <button
        type="button"
        data-testid="wallet-button"
        onClick={onManage}
        onMouseEnter={() => preloadModal("linkWallets")}
        className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-sm hover:border-slate-300"
      >
        <span className="font-mono">{shortenAddress(address)}</span>
        <span className="hidden rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20 sm:inline">
          {labels.connected}
        </span>
      </button>
    );
  }
  return (
    <button
      type="button"
      data-testid="wallet-button"
      disabled={!ready}
      onClick={onConnect}
      onMouseEnter={() => preloadModal("connectWallet")}
      className="rounded-xl bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {labels.connectWallet}
    </button>
  );
}

export function WalletButton({ labels }: { labels: WalletButtonLabels }) {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  return (
    <WalletButtonView
      labels={labels}
      ready={ready}
      address={ready && status === "connected" ? address : undefined}
      onConnect={() => open("connectWallet")}
      onManage={() => open("linkWallets")}
    />
  );
}
