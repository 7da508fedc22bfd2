"use client";

import { useConnection } from "@/lib/stack";
import { shortenAddress, wallet } from "@lending/sdk";
import { useModal } from "@/components/modal/modalContext";
import { preloadModal } from "@/components/modal/registry";
import { useWalletState } from "./walletState";

export interface WalletButtonViewProps {
  ready: boolean;
  address?: string;
  onConnect: () => void;
  onManage: () => void;
}

/** Disconnected: "Connect Wallet" (disabled until ready). Connected: short address + chip. */
export function WalletButtonView({ ready, address, onConnect, onManage }: WalletButtonViewProps) {
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
          {wallet.connected}
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
      {wallet.connectWallet}
    </button>
  );
}

export function WalletButton() {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  return (
    <WalletButtonView
      ready={ready}
      address={ready && status === "connected" ? address : undefined}
      onConnect={() => open("connectWallet")}
      onManage={() => open("linkWallets")}
    />
  );
}
