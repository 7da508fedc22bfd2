"use client";

import {
  common,
  fill,
  formatPercent,
  formatUsdc,
  isTrancheOversubscribedFor,
  trancheFullText,
  pools,
  type Pool,
} from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { PoolTable } from "@/components/ui/PoolTable";
import { LazyPoolNotice } from "@/features/incidents/lazy";
import { usePoolNotices } from "@/features/incidents/queries";
import { LendButton } from "./lend/LendButton";
import { useDepositedThisEpoch } from "./lend/useDepositedThisEpoch";
import { RepaymentsButton } from "./repayments/RepaymentsButton";

const copy = pools;
const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });

/**
 * One pool with its tranches (variable APY, minimum and maximum deposit). A tranche is
 * Oversubscribed (disabled, with the tooltip) when the user's room this epoch is 0: the tranche
 * maximum, or what is left of it after the user's deposits this epoch; Closed (disabled, with
 * why) after a loss wiped it, until it is recapitalised.
 */
export function PoolCard({ pool }: { pool: Pool }) {
  const deposited = useDepositedThisEpoch(pool);
  // the notice's code (and copy) loads only for a pool that has one: most never do
  const notice = usePoolNotices()?.get(pool.id.toString());
  const oversubscribed = (t: Pool["tranches"][number]) =>
    isTrancheOversubscribedFor(t, deposited?.[t.id.toString()]);
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
          <RepaymentsButton poolId={pool.id} poolName={pool.poolName} />
        </div>
      }
      notice={
        notice?.openIncident || notice?.latestLoss ? <LazyPoolNotice poolId={pool.id} /> : null
      }
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
          cell: (t) => (
            <LendButton
              poolId={pool.id}
              trancheId={t.id}
              trancheName={t.name}
              oversubscribed={oversubscribed(t)}
              closed={t.closed}
              fullReason={trancheFullText(t, deposited?.[t.id.toString()])}
            />
          ),
        },
      ]}
    />
  );
}
