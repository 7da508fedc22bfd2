import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";

export default function HomePage() {
  const { productSymbol } = serverConfig();
  return (
    <>
      <PageHeader
        title="Private credit, on chain"
        lead="Lend USDC to real-world borrowers through tranched lending pools on Base. Interest accrues every 7-day epoch; deposits and withdrawals clear in the last 48 hours of each epoch."
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Link
          href="/lending"
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-emerald-500"
        >
          <h2 className="text-lg font-semibold text-slate-900">Lending</h2>
          <p className="mt-2 text-sm text-slate-600">
            Choose a pool and a tranche: junior tranches earn more and absorb losses first, senior
            tranches earn less and are repaid first.
          </p>
          <span className="mt-4 inline-block text-sm font-semibold text-emerald-700 group-hover:underline">
            View lending strategies →
          </span>
        </Link>
        <Link
          href="/locking"
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-emerald-500"
        >
          <h2 className="text-lg font-semibold text-slate-900">Locking</h2>
          <p className="mt-2 text-sm text-slate-600">
            Lock {productSymbol} to receive r{productSymbol}, reach loyalty levels and share in
            protocol fees.
          </p>
          <span className="mt-4 inline-block text-sm font-semibold text-emerald-700 group-hover:underline">
            Go to locking →
          </span>
        </Link>
      </div>
    </>
  );
}
