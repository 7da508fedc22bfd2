"use client";

import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * The frame of /portfolio/my-transactions that a visitor's page carries (./MyTransactionsGate):
 * the loading rows, the panel and the connect prompt. The table itself (./MyTransactions) loads
 * with the wallet.
 */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <div data-testid="transactions-loading" aria-busy="true" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="block h-10 w-full" />
      ))}
    </div>
  );
}

export function Panel({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div
      data-testid={testId}
      className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600 shadow-sm"
    >
      {children}
    </div>
  );
}

export function TransactionsConnect({
  prompt,
  connect,
  onConnect,
}: {
  prompt: string;
  connect: string;
  onConnect: () => void;
}) {
  return (
    <Panel testId="transactions-connect">
      <p>{prompt}</p>
      <button
        type="button"
        onClick={onConnect}
        className="mt-4 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
      >
        {connect}
      </button>
    </Panel>
  );
}
