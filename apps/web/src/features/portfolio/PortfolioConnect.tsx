"use client";

import type { portfolio } from "@lending/sdk";
import { lazy, Suspense } from "react";
import { useModal } from "@/components/modal/modalContext";
import { Skeleton } from "@/components/ui/Skeleton";
import { useConnection } from "@/lib/stack";
import { lazyView } from "@/lib/stack/chunks";
import { useWalletState } from "@/features/wallet/walletState";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

/**
 * The words of the connect prompt and the skeleton (`portfolio` in the catalog): passed in, so a
 * visitor's page carries these four, not the whole portfolio catalog (issue 26).
 */
export type PortfolioConnectCopy = Pick<
  typeof portfolio,
  "connectTitle" | "connectText" | "connect" | "loading"
>;

/** /portfolio for a wallet that is not connected: connect first. */
export function PortfolioConnect({ copy }: { copy: PortfolioConnectCopy }) {
  const { open } = useModal();
  return (
    <section className={card} data-testid="portfolio-connect">
      <h2 className="text-lg font-semibold text-slate-900">{copy.connectTitle}</h2>
      <p className="mt-2 text-slate-600">{copy.connectText}</p>
      <button
        type="button"
        onClick={() => open("connectWallet")}
        className="mt-4 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
      >
        {copy.connect}
      </button>
    </section>
  );
}

export function PortfolioSkeleton({ copy }: { copy: PortfolioConnectCopy }) {
  return (
    <div
      aria-busy="true"
      aria-label={copy.loading}
      className="space-y-6"
      data-testid="portfolio-loading"
    >
      <div className={card}>
        <Skeleton className="block h-6 w-48" />
        <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="block h-10 w-full" />
          ))}
        </div>
      </div>
      <div className={card}>
        <Skeleton className="block h-6 w-64" />
        <Skeleton className="mt-4 block h-20 w-full" />
      </div>
    </div>
  );
}

/** The summary's code (positions, fixed terms, decisions) loads once a wallet is connected. */
const PortfolioSummary = lazy(lazyView("portfolioSummary", (m) => m.PortfolioSummary));

/**
 * /portfolio: a visitor's page carries only the connect prompt; the connected lender's summary
 * (./PortfolioSummary) loads with their wallet.
 */
export function Portfolio({ product, copy }: { product: string; copy: PortfolioConnectCopy }) {
  const { status } = useConnection();
  const { ready } = useWalletState();
  // the summary only after hydration (`ready` is false on the server and while hydrating)
  if (!ready) return <PortfolioSkeleton copy={copy} />;
  if (status !== "connected") return <PortfolioConnect copy={copy} />;
  return (
    <Suspense fallback={<PortfolioSkeleton copy={copy} />}>
      <PortfolioSummary product={product} />
    </Suspense>
  );
}
