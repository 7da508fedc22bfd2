"use client";

import { useConfig, useConnection, useQuery } from "@/lib/stack";
import {
  canWithdrawAtExpiry,
  decisions as decisionsCopy,
  email as emailCopy,
  fill,
  fillPreview,
  fixedTerm,
  formatPercent,
  formatUsdc,
  formatTokenBalance,
  portfolio as copy,
  type FixedLoan,
  type Pool,
  type PortfolioPool,
  type PortfolioPosition,
} from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { useId, useState } from "react";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/modalContext";
import { DisabledReason } from "@/components/ui/DisabledReason";
import { Figure } from "@/components/ui/Figures";
import { LoadError } from "@/components/ui/LoadError";
import { useFailure } from "@/lib/queries/useFailure";
import { useKycState } from "@/features/kyc/kycState";
import { useFeature } from "@/features/flags/useFeature";
import { useKycGate } from "@/features/kyc/useKycGate";
import { useWalletState } from "@/features/wallet/walletState";
import { LendButton } from "@/features/lending/lend/LendButton";
import { useAppChain } from "@/lib/queries/hooks";
import { fixedLoanDate, fixedLoanOutcomeText } from "./fixed-term/outcome";
import { RepaymentsButton } from "@/features/lending/repayments/RepaymentsButton";
import { PortfolioConnect, PortfolioSkeleton } from "./PortfolioConnect";
import { portfolioQueryOptions, type PortfolioData } from "./queries";
import { positionKey, useFillPreviews } from "./fill-preview/queries";
import { LazyEpochMailSetting as EpochMailSetting } from "@/features/epoch-mails/LazyEpochMailSetting";
import { LazyStatementsSection as StatementsSection } from "@/features/statements/LazyStatementsSection";
import {
  LazyPoolNotice as PoolNotice,
  LazyPositionLossNotice as PositionLossNotice,
} from "@/features/incidents/lazy";

const usdc = (v: bigint) => fill(copy.usdc, { amount: formatUsdc(v) });
const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";
/** Losses are shown from 0.01 USDC: a share price's rounding (a unit or two) is not a loss. */
const LOSS_SHOWN_FROM = 10_000n;

/** /portfolio: the connected lender's summary from on-chain reads (issue 11). */
export function PortfolioSummary({ product }: { product: string }) {
  const { status, address } = useConnection();
  const { ready } = useWalletState();
  const { chainId, chainName, client } = useAppChain();
  const query = useQuery(portfolioQueryOptions(chainId, client, address));
  const failure = useFailure(query);

  // until the wallet session is restored, a skeleton (not a connect prompt that then flips)
  if (!ready) return <PortfolioSkeleton copy={copy} />;
  if (status !== "connected") {
    return <PortfolioConnect copy={copy} />;
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
        testId="portfolio-error"
      />
    );
  }
  if (!query.data) return <PortfolioSkeleton copy={copy} />;
  const { summary, earnedRksu, loyaltyLevel } = query.data;
  if (summary.empty) {
    return (
      <div className="space-y-6">
        {/* the actions first: the notice appears once the KYC check answers, and above them it
            moved the buttons under a finger about to press one */}
        <PortfolioActions />
        <MissingEmailNotice address={address} />
        <EpochMailSetting />
        <section className={card} data-testid="portfolio-empty">
          <h2 className="text-lg font-semibold text-slate-900">{copy.emptyTitle}</h2>
          <p className="mt-2 text-slate-600">{copy.emptyText}</p>
          <AppLink
            href="/lending"
            className="mt-4 inline-block rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
          >
            {copy.emptyAction}
          </AppLink>
        </section>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PortfolioActions />
      <MissingEmailNotice address={address} />
      <EpochMailSetting />
      <StatementsSection />
      <section className={card} aria-labelledby="portfolio-totals" data-testid="portfolio-totals">
        <h2 id="portfolio-totals" className="text-lg font-semibold text-slate-900">
          {copy.totalsLabel}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
          <Figure name={copy.totalInvested} testId="total-invested">
            {usdc(summary.totalInvested)}
          </Figure>
          <Figure name={copy.balance} testId="total-balance">
            {usdc(summary.balance)}
          </Figure>
          <Figure name={copy.availableToWithdraw} testId="total-available">
            {usdc(summary.availableToWithdraw)}
          </Figure>
          <Figure name={copy.interestEarned} testId="total-interest">
            {usdc(summary.interestEarned)}
          </Figure>
          <Figure name={copy.interestWithdrawn} testId="total-interest-withdrawn">
            {usdc(summary.interestWithdrawn)}
          </Figure>
          {summary.losses >= LOSS_SHOWN_FROM ? (
            <Figure name={copy.losses} testId="total-losses">
              {usdc(summary.losses)}
            </Figure>
          ) : null}
          <Figure name={copy.activeAndPending} testId="total-active-pending">
            {usdc(summary.activeDeposits + summary.pendingDeposits)}
          </Figure>
          <Figure name={copy.pendingDeposits} testId="total-pending-deposits">
            {usdc(summary.pendingDeposits)}
          </Figure>
          <Figure name={copy.pendingWithdrawals} testId="total-pending-withdrawals">
            {usdc(summary.pendingWithdrawals)}
          </Figure>
          <Figure name={copy.loyaltyLevel} testId="loyalty-level">
            {loyaltyLevel === null
              ? copy.loyaltyNone
              : fill(copy.loyaltyLevelValue, { level: loyaltyLevel })}
          </Figure>
          <Figure name={fill(copy.earnedRksu, { product })} testId="earned-rksu">
            {formatTokenBalance(earnedRksu, 18)}
          </Figure>
        </dl>
      </section>
      {summary.pools.map((pool) => (
        <PoolSection key={pool.poolId.toString()} pool={pool} data={query.data} />
      ))}
    </div>
  );
}

/** The lender's documents and answers: loan contracts, pending decisions, loyalty levels. */
function PortfolioActions() {
  const { open } = useModal();
  const loanContracts = useFeature("loanContracts");
  const referralFeature = useFeature("referral");
  const config = useConfig();
  const { address } = useConnection();
  const { chainId } = useAppChain();
  const [signingIn, setSigningIn] = useState(false);

  async function openDecisions() {
    if (!address) return;
    setSigningIn(true);
    try {
      const { withWalletSession } = await import("@/features/auth/withWalletSession");
      const copy = { declined: decisionsCopy.signInDeclined, error: decisionsCopy.signInError };
      if (await withWalletSession({ config, address, chainId }, copy)) open("pendingDecisions");
    } finally {
      setSigningIn(false);
    }
  }

  return (
    <div className="flex flex-wrap justify-end gap-3">
      <button
        type="button"
        onMouseEnter={() => preloadModal("pendingDecisions")}
        onFocus={() => preloadModal("pendingDecisions")}
        onClick={() => void openDecisions()}
        disabled={signingIn}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        data-testid="open-pending-decisions"
      >
        {decisionsCopy.open}
      </button>
      <button
        type="button"
        onMouseEnter={() => preloadModal("viewLoanContracts")}
        onFocus={() => preloadModal("viewLoanContracts")}
        onClick={() => loanContracts(() => open("viewLoanContracts", {}))}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        data-testid="view-loan-contracts"
      >
        {copy.viewLoanContracts}
      </button>
      <button
        type="button"
        onMouseEnter={() => preloadModal("loyaltyLevels")}
        onFocus={() => preloadModal("loyaltyLevels")}
        onClick={() => open("loyaltyLevels")}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        data-testid="open-loyalty-levels"
      >
        {copy.loyaltyLevels}
      </button>
      <button
        type="button"
        onMouseEnter={() => preloadModal("referral")}
        onFocus={() => preloadModal("referral")}
        onClick={() => referralFeature(() => open("referral"))}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        data-testid="open-referral"
      >
        {copy.referFriend}
      </button>
    </div>
  );
}

/** A verified lender without an email ('No Email') is asked to add one (issue 12). */
function MissingEmailNotice({ address }: { address: string | undefined }) {
  const { kycInfo } = useKycState();
  const { open } = useModal();
  if (!address || kycInfo?.status !== "No Email") return null;
  if (kycInfo.address.toLowerCase() !== address.toLowerCase()) return null;
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="missing-email-notice"
    >
      <p>{emailCopy.notice}</p>
      <button
        type="button"
        onMouseEnter={() => preloadModal("missingEmail")}
        onFocus={() => preloadModal("missingEmail")}
        onClick={() => open("missingEmail", {})}
        className="rounded-lg border border-amber-700 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100"
      >
        {emailCopy.open}
      </button>
    </section>
  );
}

function PoolSection({ pool, data }: { pool: PortfolioPool; data: PortfolioData }) {
  const headingId = `portfolio-pool-${pool.poolId}`;
  const chainPool = data.pools.find((p) => p.id === pool.poolId);
  return (
    <section className={card} aria-labelledby={headingId} data-testid="portfolio-pool">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {pool.poolName}
        </h2>
        <RepaymentsButton poolId={pool.poolId} poolName={pool.poolName} />
      </div>
      <PoolNotice poolId={pool.poolId} className="mt-3 rounded-lg border" />
      <ul className="mt-4 space-y-3">
        {pool.positions.map((p) => (
          <PositionRow
            key={p.trancheId.toString()}
            position={p}
            pool={chainPool}
            loans={data.fixedLoans.filter(
              (l) => l.poolId === p.poolId && l.trancheId === p.trancheId,
            )}
            requestEpoch={data.requestEpoch}
          />
        ))}
      </ul>
    </section>
  );
}

/** One tranche: stacked label/value pairs (a card at 390 px, a row on desktop) and actions. */
function PositionRow({
  position: p,
  pool,
  loans,
  requestEpoch,
}: {
  position: PortfolioPosition;
  pool: Pool | undefined;
  loans: FixedLoan[];
  requestEpoch: bigint;
}) {
  const { open } = useModal();
  const { address } = useConnection();
  const preview = useFillPreviews(address)?.byPosition[positionKey(p.poolId, p.trancheId)];
  const withdrawReasonId = useId();
  const fixReasonId = useId();
  const fixApy = useFeature("fixApy");
  const atExpiryFeature = useFeature("withdrawAtExpiry");
  const tranche = pool?.tranches.find((t) => t.id === p.trancheId);
  const configs = tranche?.fixedTermConfig ?? [];
  const advance = pool?.requestEpochsInAdvance ?? 1n;
  // A tranche closed after a loss refuses fixed-term locks as it refuses deposits.
  const canFix = !tranche?.closed && configs.some((c) => c.fixedTermDepositStatus !== "Disabled");
  const atExpiry = loans.some((l) => canWithdrawAtExpiry(l, requestEpoch, advance));
  const apy = [
    fill(copy.variableApy, { apy: formatPercent(p.variableApy) }),
    ...p.fixedApys.map((a) => fill(copy.fixedApy, { apy: formatPercent(a) })),
  ].join(", ");
  return (
    <li
      className="rounded-xl border border-slate-200 p-3 lg:flex lg:flex-wrap lg:items-center lg:gap-x-4"
      data-testid="portfolio-position"
      data-tranche={p.trancheName}
    >
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4 xl:grid-cols-8">
        <Figure name={copy.tranche} testId="position-tranche">
          {p.trancheName}
        </Figure>
        <Figure name={copy.totalInvested} testId="position-invested">
          {usdc(p.totalInvested)}
        </Figure>
        <Figure name={copy.balance} testId="position-balance">
          {usdc(p.balance)}
        </Figure>
        <Figure name={copy.availableToWithdraw} testId="position-available">
          {usdc(p.availableToWithdraw)}
        </Figure>
        <Figure name={copy.pendingDeposits} testId="position-pending-deposits">
          {usdc(p.pendingDeposits)}
        </Figure>
        <Figure name={copy.pendingWithdrawals} testId="position-pending-withdrawals">
          {usdc(p.pendingWithdrawals)}
        </Figure>
        {preview && p.pendingDeposits > 0n ? (
          <Figure name={fillPreview.positionDeposits} testId="position-preview-deposits">
            {usdc(preview.deposits)}
          </Figure>
        ) : null}
        {preview && p.pendingWithdrawals > 0n ? (
          <Figure name={fillPreview.positionWithdrawals} testId="position-preview-withdrawals">
            {usdc(preview.withdrawals)}
          </Figure>
        ) : null}
        <Figure name={copy.apy} testId="position-apy">
          {apy}
        </Figure>
        <Figure name={copy.interestEarned} testId="position-interest">
          {usdc(p.interestEarned)}
        </Figure>
        <Figure name={copy.interestWithdrawn} testId="position-interest-withdrawn">
          {usdc(p.interestWithdrawn)}
        </Figure>
        {p.losses >= LOSS_SHOWN_FROM ? (
          <Figure name={copy.losses} testId="position-losses">
            {usdc(p.losses)}
          </Figure>
        ) : null}
        {loans.length > 0 ? (
          <FixedLoans
            loans={loans}
            configs={configs}
            onDetails={(loan, apy) => open("fixedLoan", { loan, apy })}
            onExplain={() => open("autoConversion", { requestEpochsInAdvance: advance })}
          />
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 lg:mt-0 lg:w-56 lg:justify-end">
        <WithdrawButton position={p} reasonId={withdrawReasonId} />
        {canFix ? (
          <button
            type="button"
            data-testid="fix-apy-button"
            aria-label={fill(fixedTerm.fixApy.openFor, { tranche: p.trancheName })}
            disabled={p.availableToWithdraw === 0n}
            aria-describedby={p.availableToWithdraw === 0n ? fixReasonId : undefined}
            onMouseEnter={() => preloadModal("fixApy")}
            onFocus={() => preloadModal("fixApy")}
            onClick={() =>
              fixApy(() => open("fixApy", { poolId: p.poolId, trancheId: p.trancheId }))
            }
            className={secondaryAction}
          >
            {fixedTerm.fixApy.open}
          </button>
        ) : null}
        {atExpiry ? (
          <button
            type="button"
            data-testid="withdraw-at-expiry-button"
            aria-label={fill(fixedTerm.atExpiry.openFor, { tranche: p.trancheName })}
            onMouseEnter={() => preloadModal("withdrawAtExpiry")}
            onFocus={() => preloadModal("withdrawAtExpiry")}
            onClick={() =>
              atExpiryFeature(() =>
                open("withdrawAtExpiry", { poolId: p.poolId, trancheId: p.trancheId }),
              )
            }
            className={secondaryAction}
          >
            {fixedTerm.atExpiry.open}
          </button>
        ) : null}
        <LendButton
          poolId={p.poolId}
          trancheId={p.trancheId}
          trancheName={p.trancheName}
          oversubscribed={false}
          closed={tranche?.closed}
        />
        {p.availableToWithdraw === 0n ? (
          <>
            <DisabledReason
              id={withdrawReasonId}
              text={copy.withdrawDisabled}
              testId="withdraw-disabled-reason"
            />
            {canFix ? (
              <DisabledReason
                id={fixReasonId}
                text={fixedTerm.fixApy.disabled}
                testId="fix-apy-disabled-reason"
              />
            ) : null}
          </>
        ) : null}
      </div>
      <PositionLossNotice poolId={p.poolId} trancheId={p.trancheId} />
    </li>
  );
}

const secondaryAction =
  "rounded-lg border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent";

/** A position's fixed loans: amount, fixed APY, end date and what happens then (issue 12). */
function FixedLoans({
  loans,
  configs,
  onDetails,
  onExplain,
}: {
  loans: FixedLoan[];
  configs: readonly { configId: bigint; apy: number }[];
  onDetails: (loan: FixedLoan, apy: number) => void;
  onExplain: () => void;
}) {
  const copy = fixedTerm.loans;
  return (
    <div className="col-span-full" data-testid="fixed-loans">
      <dt className="text-xs font-medium text-slate-600">{copy.heading}</dt>
      <dd>
        <ul className="mt-1 space-y-1 text-sm">
          {loans.map((l) => {
            const apy = configs.find((c) => c.configId === l.configId)?.apy ?? 0;
            const amount = formatUsdc(l.amount);
            return (
              <li
                key={l.lockId.toString()}
                className="flex flex-wrap items-baseline gap-x-3"
                data-testid="fixed-loan"
              >
                <span className="font-semibold text-slate-900 tabular-nums">
                  {fill(copy.item, {
                    amount,
                    apy: formatPercent(apy),
                    date: fixedLoanDate(l.endTime),
                  })}
                </span>
                <span className="text-slate-600" data-testid="fixed-loan-status">
                  {fixedLoanOutcomeText(l)}
                </span>
                <button
                  type="button"
                  className="inline-flex min-h-6 items-center text-emerald-800 underline"
                  aria-label={fill(copy.detailsOf, { amount })}
                  onClick={() => onDetails(l, apy)}
                >
                  {copy.details}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="mt-1 inline-flex min-h-6 items-center text-sm text-emerald-800 underline"
          onClick={onExplain}
          data-testid="auto-conversion-open"
        >
          {copy.whatHappens}
        </button>
      </dd>
    </div>
  );
}

function WithdrawButton({
  position: p,
  reasonId,
}: {
  position: PortfolioPosition;
  /** the id of the text that says why it is disabled */
  reasonId: string;
}) {
  const { open } = useModal();
  const { checking, run } = useKycGate();
  return (
    <button
      type="button"
      data-testid="withdraw-button"
      aria-label={fill(copy.withdrawFrom, { tranche: p.trancheName })}
      disabled={checking || p.availableToWithdraw === 0n}
      aria-describedby={p.availableToWithdraw === 0n ? reasonId : undefined}
      onMouseEnter={() => preloadModal("withdraw")}
      onFocus={() => preloadModal("withdraw")}
      onClick={() => run(() => open("withdraw", { poolId: p.poolId, trancheId: p.trancheId }))}
      className="rounded-lg border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent"
    >
      {copy.withdraw}
    </button>
  );
}
