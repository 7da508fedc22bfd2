import { common, fill, formatPercent, formatUsdc, pools, type Pool } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { PoolTable } from "@/components/ui/PoolTable";
import { LazyPoolNotice } from "@/features/incidents/lazyPoolNotice";
import { TrancheAction } from "./lend/TrancheAction";
import type { FeatureName } from "@/config/schema";
import { PoolRepaymentsButton } from "./repayments/PoolRepaymentsButton";

const copy = pools;
const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });

/**
 * One pool with its tranches (variable APY, minimum and maximum deposit), rendered on the server
 * (issue 26): the client parts are the Lend and repayments buttons and, for a pool that has one,
 * its notice. A tranche is Oversubscribed (disabled, with why) when the lender's room this epoch
 * is 0: the tranche maximum, or for a connected lender what is left of it after their deposits
 * this epoch; Closed (disabled, with why) after a loss wiped it, until it is recapitalised.
 */
export function PoolCard({
  pool,
  hasNotice = false,
  unreleased,
}: {
  pool: Pool;
  hasNotice?: boolean;
  /** the deployment's FEATURE_UNRELEASED (the repayments button) */
  unreleased?: readonly FeatureName[];
}) {
  return (
    <PoolTable
      pool={pool}
      testId="pool-card"
      rowTestId="tranche-row"
      headerAction={
        <div className="flex flex-wrap items-center gap-2">
          <AppLink
            href={`/lending/${pool.id}`}
            aria-label={fill(copy.detailsOf, { pool: pool.poolName })}
            className="shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-slate-50"
            data-testid="pool-details-link"
          >
            {copy.details}
          </AppLink>
          <PoolRepaymentsButton poolId={pool.id} poolName={pool.poolName} unreleased={unreleased} />
        </div>
      }
      // the notice's code (and copy) loads only for a pool that has one: most never do
      notice={hasNotice ? <LazyPoolNotice poolId={pool.id} /> : null}
      columns={[
        {
          label: copy.variableApy,
          className: "font-semibold text-emerald-700",
          cell: (t) => formatPercent(t.apy),
        },
        { label: copy.minDeposit, cell: (t) => usdc(t.minimumDeposit) },
        {
          label: copy.maxDeposit,
          cell: (t) => (t.maximumDeposit === 0n ? copy.oversubscribed : usdc(t.maximumDeposit)),
        },
        {
          label: copy.action,
          srOnlyLabel: true,
          fullRow: true,
          cell: (t) => <TrancheAction pool={pool} tranche={t} />,
        },
      ]}
    />
  );
}
