"use client";

import { fill, wallet } from "@lending/sdk";
import { useState } from "react";
import { useChains, useConnection, useSwitchChain } from "wagmi";
import { walletErrorMessage } from "@/lib/errors";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { useWalletState } from "./WalletStateProvider";

/** A prominent bar while the connected wallet is on another chain than the app's. */
export function WrongNetworkBar() {
  const pc = usePublicConfig();
  const { ready } = useWalletState();
  const { status, chainId } = useConnection();
  const chains = useChains();
  const { mutateAsync: switchChain, isPending } = useSwitchChain();
  const [error, setError] = useState<string | null>(null);
  if (!ready || status !== "connected" || chainId === undefined || chainId === pc.chainId)
    return null;
  const name =
    chains.find((c) => c.id === pc.chainId)?.name ??
    fill(wallet.unknownChain, { chainId: pc.chainId });
  return (
    <div
      role="alert"
      data-testid="wrong-network-bar"
      className="bg-amber-500 px-4 py-2 text-sm text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <strong className="font-semibold">{wallet.wrongNetwork}</strong>
        <span>{fill(wallet.wrongNetworkText, { chain: name })}</span>
        <button
          type="button"
          disabled={isPending}
          onClick={() => {
            setError(null);
            switchChain({ chainId: pc.chainId }).catch((e: unknown) =>
              setError(walletErrorMessage(e)),
            );
          }}
          className="rounded-lg bg-amber-950 px-3 py-1 font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {fill(wallet.switchTo, { chain: name })}
        </button>
        {error ? <span className="text-amber-950">{error}</span> : null}
      </div>
    </div>
  );
}
