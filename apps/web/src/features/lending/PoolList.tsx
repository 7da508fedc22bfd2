"use client";

import { openStrategies, pools, type Pool } from "@lending/sdk";
import { Skeleton } from "@/components/ui/Skeleton";
import { clientOnly } from "@/lib/clientOnly";
import { useFailure } from "@/lib/queries/useFailure";
import { useAppChain, usePools } from "@/lib/queries/hooks";
import type { InitialData } from "@/lib/queries/chain";
import { PoolCard } from "./PoolCard";

/**
 * The read's error panel (with the read-error mapping), loaded when a read fails: the server's
 * HTML always has the pools or their skeleton (a read fails only in the browser, after
 * hydration), so a visitor's page does not carry it (issue 26).
 */
const LoadError = clientOnly(() => import("@/components/ui/LoadError").then((m) => m.LoadError));

function PoolCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <Skeleton className="h-5 w-48" />
      <Skeleton className="block h-4 w-72" />
      <div className="space-y-3 pt-2">
        <Skeleton className="block h-8 w-full" />
        <Skeleton className="block h-8 w-full" />
      </div>
    </div>
  );
}

/** The open lending pools read from the chain, with loading and error states. */
export function PoolList({ initial }: { initial?: InitialData<Pool[]> }) {
  const { chainName } = useAppChain();
  const query = usePools(initial);
  const { data, isPending, refetch } = query;
  const failure = useFailure(query);

  if (failure) {
    return (
      <LoadError
        error={failure.error}
        source="chain"
        chainName={chainName}
        onRetry={() => void refetch()}
        retrying={failure.retrying}
        testId="pools-error"
      />
    );
  }

  if (isPending || !data) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only">{pools.loading}</span>
        <PoolCardSkeleton />
        <PoolCardSkeleton />
      </div>
    );
  }

  // the Open strategies tab: fully subscribed and closed pools have their own tabs
  const open = openStrategies(data);
  if (open.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
        {pools.empty}
      </p>
    );
  }

  return (
    <div className="grid gap-6">
      {open.map((pool) => (
        <PoolCard key={pool.id.toString()} pool={pool} />
      ))}
    </div>
  );
}
