"use client";

import { useModal } from "@/components/modal/modalContext";
import { primaryButton } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { useConnection } from "@/lib/stack";
import { lazyView } from "@/lib/stack/chunks";
import { useWalletState } from "@/features/wallet/walletState";
import { lazy, Suspense } from "react";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

export function RewardsConnect({
  text,
  connect,
  onConnect,
}: {
  text: string;
  connect: string;
  onConnect: () => void;
}) {
  return (
    <section className={card} data-testid="rewards-connect">
      <p className="text-slate-600">{text}</p>
      <button type="button" onClick={onConnect} className={`mt-4 ${primaryButton}`}>
        {connect}
      </button>
    </section>
  );
}

export function RewardsLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-4" data-testid="rewards-loading">
      <span className="sr-only">{label}</span>
      <Skeleton className="block h-32 w-full" />
    </div>
  );
}

/** The rewards page's code (claims, the rewards received): loaded for a connected wallet. */
const RewardsPage = lazy(lazyView("rewardsPage", (m) => m.RewardsPage));

export interface RewardsGateCopy {
  loading: string;
  connectText: string;
  connect: string;
}

/**
 * /portfolio/bonus-and-rewards: a visitor's page carries the connect prompt only (its words from
 * the server); the rewards (./RewardsPage) load once a wallet is connected.
 */
export function RewardsGate({ product, copy }: { product: string; copy: RewardsGateCopy }) {
  const { status, address } = useConnection();
  const { ready } = useWalletState();
  const { open } = useModal();
  if (!ready) return <RewardsLoading label={copy.loading} />;
  if (status !== "connected" || !address) {
    return (
      <RewardsConnect
        text={copy.connectText}
        connect={copy.connect}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  return (
    <Suspense fallback={<RewardsLoading label={copy.loading} />}>
      <RewardsPage product={product} />
    </Suspense>
  );
}
