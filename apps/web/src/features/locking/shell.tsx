"use client";

import { fill } from "@lending/sdk";
import { lazy, Suspense } from "react";
import { useModal } from "@/components/modal/modalContext";
import { primaryButton } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { useConnection } from "@/lib/stack";
import { lazyView } from "@/lib/stack/chunks";
import { useWalletState } from "@/features/wallet/walletState";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

/** `locking.visitor`: how locking works, and connect. */
export interface LockingVisitorCopy {
  title: string;
  points: readonly string[];
  connectText: string;
  connect: string;
}

export function LockingVisitor({
  copy,
  product,
  onConnect,
}: {
  copy: LockingVisitorCopy;
  product: string;
  onConnect: () => void;
}) {
  return (
    <section className={card} data-testid="locking-visitor" aria-labelledby="locking-how">
      <h2 id="locking-how" className="text-lg font-semibold text-slate-900">
        {copy.title}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        {copy.points.map((p) => (
          <li key={p}>{fill(p, { product })}</li>
        ))}
      </ul>
      <p className="mt-4 text-slate-600">{copy.connectText}</p>
      <button type="button" onClick={onConnect} className={`mt-4 ${primaryButton}`}>
        {copy.connect}
      </button>
    </section>
  );
}

export function OverviewSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="space-y-4" data-testid="locking-loading">
      <span className="sr-only">{label}</span>
      <Skeleton className="block h-32 w-full" />
      <Skeleton className="block h-24 w-full" />
    </div>
  );
}

/** The overview's code (locks, levels, claims, the lock and unlock flows): loaded with a wallet. */
const LockingOverview = lazy(lazyView("lockingOverview", (m) => m.LockingOverview));

/**
 * /locking: a visitor's page carries how locking works and the connect prompt (their words from
 * the server); the connected lender's overview (./LockingOverview) loads with their wallet.
 */
export function LockingGate({
  product,
  copy,
}: {
  product: string;
  copy: { loading: string; visitor: LockingVisitorCopy };
}) {
  const { status } = useConnection();
  const { ready } = useWalletState();
  const { open } = useModal();
  if (!ready) return <OverviewSkeleton label={copy.loading} />;
  if (status !== "connected") {
    return (
      <LockingVisitor
        copy={copy.visitor}
        product={product}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  return (
    <Suspense fallback={<OverviewSkeleton label={copy.loading} />}>
      <LockingOverview product={product} />
    </Suspense>
  );
}
