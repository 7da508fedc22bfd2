import { openStrategies, pools, type Pool } from "@lending/sdk";
import { RefreshingLoadError } from "@/components/ui/RefreshingLoadError";
import type { FeatureName } from "@/config/schema";
import { PoolCard } from "./PoolCard";

/**
 * The open lending pools (the Open strategies tab), rendered on the server from its read of the
 * chain (issue 26: no client query). `pools` undefined: the read failed, and the error panel
 * says so, with Retry, and renders the page again by itself until the chain answers; the page
 * refreshes the list every minute (`RefreshEvery`). `withNotice`: the ids of the pools with an
 * open incident or a reported loss.
 */
export function PoolList({
  pools: all,
  error,
  withNotice,
  chainName,
  unreleased,
}: {
  pools: Pool[] | undefined;
  /** why the read failed, when `pools` is undefined (the error panel's copy follows it) */
  error?: unknown;
  withNotice?: ReadonlySet<string>;
  /** the configured chain's name, for the error panel */
  chainName?: string;
  /** the deployment's FEATURE_UNRELEASED */
  unreleased?: readonly FeatureName[];
}) {
  if (!all) {
    return <RefreshingLoadError chainName={chainName} error={error} testId="pools-error" />;
  }
  // fully subscribed and closed pools have their own tabs
  const open = openStrategies(all);
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
        <PoolCard
          key={pool.id.toString()}
          pool={pool}
          hasNotice={withNotice?.has(pool.id.toString())}
          unreleased={unreleased}
        />
      ))}
    </div>
  );
}
