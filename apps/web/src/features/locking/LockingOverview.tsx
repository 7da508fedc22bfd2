"use client";

import { useConnection, useQuery } from "@/lib/stack";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import {
  canUnlock,
  fill,
  formatDate,
  formatPercent,
  formatTokenBalance,
  formatUsdc,
  locking as copy,
  type LockPeriod,
  type UserLock,
} from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { useId } from "react";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/modalContext";
import { DisabledReason } from "@/components/ui/DisabledReason";
import { Figure, StackedCell } from "@/components/ui/Figures";
import { LoadError } from "@/components/ui/LoadError";
import { useFailure } from "@/lib/queries/useFailure";
import { Skeleton } from "@/components/ui/Skeleton";
import { useFeature } from "@/features/flags/useFeature";
import { useKycGate } from "@/features/kyc/useKycGate";
import { useWalletState } from "@/features/wallet/walletState";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { LaunchBonusInfo, NextLevel } from "./NextLevel";
import { ksuAmount, lockNumber, periodText } from "./format";
import { lockingQueryOptions } from "./queries";
import { LockingVisitor, OverviewSkeleton } from "./shell";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

/** /locking: the lender's locks, rKSU, loyalty level, rewards; the programme for a visitor. */
export function LockingOverview({ product }: { product: string }) {
  const { status, address } = useConnection();
  const { ready } = useWalletState();
  const { open } = useModal();
  const { chainId, chainName, client } = useAppChain();
  const query = useQuery(lockingQueryOptions(chainId, client, address));
  const failure = useFailure(query);

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
  if (failure) {
    return (
      <LoadError
        error={failure.error}
        source="chain"
        chainName={chainName}
        what={copy.error}
        onRetry={() => void query.refetch()}
        retrying={failure.retrying}
        testId="locking-error"
      />
    );
  }
  if (!query.data) return <OverviewSkeleton label={copy.loading} />;
  const o = query.data;
  const usdc = (v: bigint) => fill(copy.overview.usdc, { amount: formatUsdc(v) });
  return (
    <div className="space-y-6">
      <LockingActions
        hasUnlockable={o.locks.some((l) => canUnlock(l, o.chainTime))}
        unlockDisabledReason={unlockDisabledReason(o, product)}
      />
      <section className={card} aria-labelledby="locking-figures" data-testid="locking-figures">
        <h2 id="locking-figures" className="text-lg font-semibold text-slate-900">
          {copy.overview.label}
        </h2>
        {o.ksuPrice.fresh ? null : (
          <p className="mt-2 text-sm text-amber-800" data-testid="locking-price-stale">
            {fill(copy.overview.priceStale, { product })}
          </p>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
          <Figure name={fill(copy.overview.totalLocked, { product })} testId="locking-total">
            {ksuAmount(o.stakedKsu, product)}
          </Figure>
          <Figure name={fill(copy.overview.earnedRksu, { product })} testId="locking-rksu">
            {formatTokenBalance(o.earnedRksu, 18)}
          </Figure>
          <Figure name={copy.overview.loyaltyLevel} testId="locking-level">
            {o.loyaltyLevel === null
              ? copy.overview.levelNone
              : fill(copy.overview.levelValue, { level: o.loyaltyLevel })}
            <span
              className="block text-sm font-normal text-slate-600"
              data-testid="locking-staked"
              title={fill(copy.overview.stakedHint, {
                product,
                price: formatUsdc(o.ksuPrice.priceUsdc),
                deposits: formatUsdc(o.totalDeposits),
              })}
            >
              {o.stakedPercentage === null
                ? copy.overview.stakedNone
                : fill(copy.overview.staked, { percent: formatPercent(o.stakedPercentage / 100) })}
            </span>
          </Figure>
          <Figure name={copy.overview.feeShareAvailable} testId="locking-fees">
            {usdc(o.claimableFees)}
          </Figure>
          <Figure name={copy.overview.bonusAvailable} testId="locking-bonus">
            {ksuAmount(o.bonusAmount, product)}
          </Figure>
          <RewardTotals product={product} periods={o.lockPeriods} />
        </dl>
        <p className="mt-4 text-sm">
          <AppLink
            href="/portfolio/bonus-and-rewards"
            className="font-semibold text-emerald-800 underline"
          >
            {copy.overview.rewardsLink}
          </AppLink>
        </p>
      </section>
      <NextLevel overview={o} product={product} />
      <LocksTable
        locks={o.locks}
        periods={o.lockPeriods}
        chainTime={o.chainTime}
        product={product}
      />
    </div>
  );
}

/** Claimed fee share and launch bonus received, from the indexed history (GET /api/rewards). */
function RewardTotals({ product, periods }: { product: string; periods: readonly LockPeriod[] }) {
  const { address } = useConnection();
  const { chainId } = useAppChain();
  const rewards = useQuery({
    queryKey: queryKeys.rewardsPage(chainId, address ?? "", 1),
    queryFn: async () => (await import("@/features/rewards/api")).fetchRewards(address!, 1),
    enabled: Boolean(address),
  });
  const t = rewards.data?.totals;
  const value = (v: bigint | undefined, render: (v: bigint) => string) =>
    v === undefined ? <Skeleton className="inline-block h-5 w-20" /> : render(v);
  return (
    <>
      <Figure name={copy.overview.feeShareClaimed} testId="locking-fees-claimed">
        {value(t?.feesClaimed, (v) => fill(copy.overview.usdc, { amount: formatUsdc(v) }))}
      </Figure>
      <Figure name={copy.overview.launchBonus} testId="locking-launch-bonus">
        {value(t?.launchBonus, (v) => ksuAmount(v, product))}
        <LaunchBonusInfo periods={periods} />
      </Figure>
    </>
  );
}

/** Why Unlock is disabled: no lock, or none ended yet (with the first end date); else null. */
function unlockDisabledReason(
  o: { locks: readonly { lockedAmount: bigint; unlockTime: number }[]; chainTime: number },
  product: string,
): string | null {
  const held = o.locks.filter((l) => l.lockedAmount > 0n);
  if (held.length === 0) return fill(copy.actions.unlockNoLocks, { product });
  if (held.some((l) => canUnlock(l, o.chainTime))) return null;
  const first = Math.min(...held.map((l) => l.unlockTime));
  return fill(copy.actions.unlockNotYet, { date: formatDate(new Date(first * 1000)) });
}

/** Lock, Unlock, Loyalty levels, Refer a friend. Lock and unlock rely on KYC, as lending. */
function LockingActions({
  hasUnlockable,
  unlockDisabledReason: reason,
}: {
  hasUnlockable: boolean;
  unlockDisabledReason: string | null;
}) {
  const reasonId = useId();
  const { open } = useModal();
  const gate = useKycGate();
  const lockFeature = useFeature("lock");
  const unlockFeature = useFeature("unlock");
  const referralFeature = useFeature("referral");
  return (
    <div className="flex flex-wrap gap-3" data-testid="locking-actions">
      <button
        type="button"
        className={primaryButton}
        disabled={gate.checking}
        onMouseEnter={() => preloadModal("lock")}
        onFocus={() => preloadModal("lock")}
        onClick={() => lockFeature(() => void gate.run(() => open("lock")))}
      >
        {copy.actions.lock}
      </button>
      <button
        type="button"
        className={secondaryButton}
        disabled={gate.checking || !hasUnlockable}
        aria-describedby={!hasUnlockable && reason ? reasonId : undefined}
        onClick={() => unlockFeature(() => void gate.run(() => open("unlock", {})))}
      >
        {copy.actions.unlock}
      </button>
      <button type="button" className={secondaryButton} onClick={() => open("loyaltyLevels")}>
        {copy.actions.loyaltyLevels}
      </button>
      <button
        type="button"
        className={secondaryButton}
        onMouseEnter={() => preloadModal("referral")}
        onFocus={() => preloadModal("referral")}
        onClick={() => referralFeature(() => open("referral"))}
      >
        {copy.actions.referral}
      </button>
      {!hasUnlockable && reason ? (
        <DisabledReason id={reasonId} text={reason} testId="unlock-disabled-reason" />
      ) : null}
    </div>
  );
}

function LocksTable({
  locks,
  periods,
  chainTime,
  product,
}: {
  locks: readonly UserLock[];
  periods: readonly LockPeriod[];
  chainTime: number;
  product: string;
}) {
  const { open } = useModal();
  const gate = useKycGate();
  const unlockFeature = useFeature("unlock");
  const c = copy.locks;
  const date = (s: number) => formatDate(new Date(s * 1000));
  const held = locks.filter((l) => l.lockedAmount > 0n);
  return (
    <section className={card} aria-labelledby="locking-locks" data-testid="locking-locks">
      <h2 id="locking-locks" className="text-lg font-semibold text-slate-900">
        {c.title}
      </h2>
      {held.length === 0 ? (
        <p className="mt-2 text-slate-600" data-testid="locking-locks-empty">
          {fill(c.empty, { product })}
        </p>
      ) : (
        <table className="mt-4 w-full text-left text-sm max-md:block">
          <caption className="sr-only">{fill(c.caption, { product })}</caption>
          <thead className="border-b border-slate-200 text-slate-600 max-md:hidden">
            <tr>
              {[c.amount, fill(c.rksu, { product }), c.start, c.end, c.period, ""].map((h, i) => (
                <th key={i} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {held.map((l) => {
              const period = periods.find((p) => p.id === l.lockPeriodId);
              const unlockable = canUnlock(l, chainTime);
              return (
                <tr
                  key={l.id.toString()}
                  data-testid="locking-lock"
                  className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:p-3"
                >
                  <StackedCell label={c.amount}>{ksuAmount(l.lockedAmount, product)}</StackedCell>
                  <StackedCell label={fill(c.rksu, { product })}>
                    {formatTokenBalance(l.rKSUAmount, 18)}
                  </StackedCell>
                  <StackedCell label={c.start}>{date(l.startTime)}</StackedCell>
                  <StackedCell label={c.end}>{date(l.unlockTime)}</StackedCell>
                  <StackedCell label={c.period}>{period ? periodText(period) : "–"}</StackedCell>
                  <td className="px-3 py-2 max-md:block max-md:px-0">
                    {unlockable ? (
                      <button
                        type="button"
                        className="rounded-lg border border-slate-300 px-3 py-1 font-semibold text-slate-800 hover:bg-slate-50"
                        aria-label={fill(c.unlockLock, { id: lockNumber(l.id) })}
                        onClick={() =>
                          unlockFeature(() => void gate.run(() => open("unlock", { lockId: l.id })))
                        }
                      >
                        {copy.actions.unlock}
                      </button>
                    ) : (
                      <span className="text-slate-600">
                        {fill(c.locked, { date: date(l.unlockTime) })}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
