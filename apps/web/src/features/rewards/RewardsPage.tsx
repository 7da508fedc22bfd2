"use client";

import {
  keepPreviousData,
  queryOptions,
  useConnection,
  useQuery,
  useQueryClient,
} from "@/lib/stack";
import { loadLockingReads, loadTx } from "@/lib/stack/chunks";
import { primaryButton } from "@/components/ui/buttons";
import {
  bonusExplanation,
  fill,
  formatDate,
  formatTokenBalance,
  formatUsdc,
  rewards as copy,
  type RewardsOverview,
  transactions,
  tx as txCopy,
} from "@lending/sdk";
import { useState } from "react";
import type { Address, Client } from "viem";
import { useModal } from "@/components/modal/modalContext";
import { Pagination } from "@/components/ui/Pagination";
import { Figure, StackedCell } from "@/components/ui/Figures";
import { LoadError } from "@/components/ui/LoadError";
import { useFailure } from "@/lib/queries/useFailure";
import { Skeleton } from "@/components/ui/Skeleton";
import { TxHashLink } from "@/components/tx/TxDone";
import { useFeature } from "@/features/flags/useFeature";
import { useWalletState } from "@/features/wallet/walletState";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { useAppChain } from "@/lib/queries/hooks";
import { refreshIndexedSoon } from "@/lib/queries/indexed";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { queryKeys } from "@/lib/queries/keys";
import { useTransactor } from "@/lib/tx/useTransactor";
import { ksuAmount } from "@/features/locking/format";
import { RewardsConnect, RewardsLoading } from "./shell";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

function rewardsQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: queryKeys.rewardsOverview(chainId, user ?? ""),
    queryFn: async () => {
      const { readRewardsOverview, getDeployment } = await loadLockingReads();
      return readRewardsOverview(client!, getDeployment(chainId), user!);
    },
    enabled: Boolean(client && user),
    ...BALANCE_QUERY_TIMING,
  });
}

/** /portfolio/bonus-and-rewards: bonus and fee share to claim, the rewards received. */
export function RewardsPage({ product }: { product: string }) {
  const { status, address } = useConnection();
  const { ready } = useWalletState();
  const { open } = useModal();
  const { chainId, chainName, client } = useAppChain();
  const overview = useQuery(rewardsQueryOptions(chainId, client, address));
  const failure = useFailure(overview);

  if (!ready) return <RewardsLoading label={copy.loading} />;
  if (status !== "connected" || !address) {
    return (
      <RewardsConnect
        text={copy.connectText}
        connect={copy.connect}
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
        onRetry={() => void overview.refetch()}
        retrying={failure.retrying}
        testId="rewards-error"
      />
    );
  }
  if (!overview.data) return <RewardsLoading label={copy.loading} />;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-2">
        <BonusCard overview={overview.data} product={product} />
        <FeesCard overview={overview.data} product={product} />
      </div>
      <RewardsHistory key={address} user={address} product={product} />
    </div>
  );
}

/** The bonus explained against the one loyalty level (the chain's): `bonusExplanation`. */
function bonusHint(o: RewardsOverview, product: string): string {
  const level = o.loyaltyLevel ?? 0;
  switch (bonusExplanation({ ...o, level: o.loyaltyLevel })) {
    case "none":
      return fill(copy.bonus.perEpochNone, { product });
    case "waiting":
      return fill(copy.bonus.perEpochWaiting, { level });
    case "same":
      return fill(copy.bonus.perEpochHint, { level, base: formatUsdc(o.bonusBase) });
    case "basis":
      return fill(copy.bonus.perEpochBasis, {
        level,
        product,
        base: formatUsdc(o.bonusBase),
        bonusLevel: o.bonusLevel,
      });
  }
}

function BonusCard({ overview: o, product }: { overview: RewardsOverview; product: string }) {
  const ksu = (v: bigint) => ksuAmount(v, product);
  return (
    <section className={card} aria-labelledby="rewards-bonus" data-testid="rewards-bonus">
      <h2 id="rewards-bonus" className="text-lg font-semibold text-slate-900">
        {copy.bonus.title}
      </h2>
      <dl className="mt-4 space-y-3">
        <Figure name={copy.bonus.perEpoch} testId="rewards-bonus-per-epoch">
          {ksu(o.bonusPerEpoch)}
          <span className="block text-sm font-normal text-slate-600">{bonusHint(o, product)}</span>
        </Figure>
        <Figure name={copy.bonus.claimable} testId="rewards-bonus-claimable">
          {ksu(o.bonusClaimable)}
        </Figure>
      </dl>
      <ClaimButton
        label={copy.bonus.claim}
        testId="rewards-claim-bonus"
        disabled={o.bonusClaimable === 0n}
        build={async (chainId) => {
          const { claimBonus, getDeployment } = await loadTx();
          return claimBonus(getDeployment(chainId));
        }}
        title={txCopy.errors.claimBonus}
      />
    </section>
  );
}

function FeesCard({ overview: o, product }: { overview: RewardsOverview; product: string }) {
  return (
    <section className={card} aria-labelledby="rewards-fees" data-testid="rewards-fees">
      <h2 id="rewards-fees" className="text-lg font-semibold text-slate-900">
        {copy.fees.title}
      </h2>
      <dl className="mt-4 space-y-3">
        <Figure name={copy.fees.claimable} testId="rewards-fees-claimable">
          {fill(copy.fees.amount, { amount: formatUsdc(o.feesClaimable) })}
        </Figure>
      </dl>
      {o.feeEligible ? null : (
        <p className="mt-3 text-sm text-slate-600" data-testid="rewards-fees-not-eligible">
          {fill(copy.fees.notEligible, { product })}
        </p>
      )}
      <ClaimButton
        label={copy.fees.claim}
        testId="rewards-claim-fees"
        disabled={o.feesClaimable === 0n}
        build={async (chainId) => {
          const { claimFees, getDeployment } = await loadTx();
          return claimFees(getDeployment(chainId));
        }}
        title={txCopy.errors.claimFees}
      />
    </section>
  );
}

/** A claim through the transaction pipeline; refreshes the user's reads and rewards after it. */
function ClaimButton(props: {
  label: string;
  testId: string;
  disabled: boolean;
  title: string;
  build: (chainId: number) => Promise<Parameters<ReturnType<typeof useTransactor>>[0]>;
}) {
  const { chainId } = useAppChain();
  const { address } = useConnection();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const feature = useFeature("rewards");
  const [busy, setBusy] = useState(false);
  async function claim() {
    if (!address) return;
    setBusy(true);
    try {
      const result = await transact(await props.build(chainId), { title: props.title });
      if (result) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.user(chainId, address) });
        refreshIndexedSoon(queryClient, queryKeys.rewards(chainId, address));
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      data-testid={props.testId}
      className={`mt-4 ${primaryButton}`}
      disabled={props.disabled || busy}
      onClick={() => feature(() => void claim())}
    >
      {busy ? copy.claiming : props.label}
    </button>
  );
}

/** The rewards received, newest first, from the indexer (GET /api/rewards), paginated. */
function RewardsHistory({ user, product }: { user: Address; product: string }) {
  const { chainId } = useAppChain();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.rewardsPage(chainId, user, page),
    queryFn: async () => (await import("./api")).fetchRewards(user, page),
    placeholderData: keepPreviousData,
  });
  const historyFailure = useFailure(query);
  const h = copy.history;
  const data = query.data;
  const amount = (v: bigint, token: "USDC" | "KSU") =>
    fill(h.value, {
      amount: token === "USDC" ? formatUsdc(v) : formatTokenBalance(v, 18),
      token: token === "KSU" ? product : token,
    });
  return (
    <section className={card} aria-labelledby="rewards-history" data-testid="rewards-history">
      <h2 id="rewards-history" className="text-lg font-semibold text-slate-900">
        {h.title}
      </h2>
      <div className="mt-2 empty:hidden">
        <IndexerLagNotice text={transactions.behind} />
      </div>
      {!data ? (
        historyFailure ? (
          <div className="mt-2">
            <LoadError
              error={historyFailure.error}
              source="indexer"
              what={copy.error}
              onRetry={() => void query.refetch()}
              retrying={historyFailure.retrying}
              testId="rewards-history-error"
            />
          </div>
        ) : (
          <Skeleton className="mt-4 block h-24 w-full" />
        )
      ) : data.items.length === 0 ? (
        <p className="mt-2 text-slate-600" data-testid="rewards-history-empty">
          {h.empty}
        </p>
      ) : (
        <>
          <table className="mt-4 w-full text-left text-sm max-md:block">
            <caption className="sr-only">{h.caption}</caption>
            <thead className="border-b border-slate-200 text-slate-600 max-md:hidden">
              <tr>
                {[h.kind, h.amount, h.date, h.transaction].map((c) => (
                  <th key={c} scope="col" className="px-2 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {data.items.map((r) => (
                <tr
                  key={r.id}
                  data-testid="reward-row"
                  className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:p-3"
                >
                  <StackedCell label={h.kind}>{h.kinds[r.kind]}</StackedCell>
                  <StackedCell label={h.amount}>{amount(r.amount, r.token)}</StackedCell>
                  <StackedCell label={h.date}>
                    {formatDate(new Date(r.timestamp * 1000))}
                  </StackedCell>
                  <StackedCell label={h.transaction}>
                    <TxHashLink hash={r.transactionHash} testId="reward" />
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4">
            <Pagination
              page={page}
              count={Math.ceil(data.total / data.pageSize)}
              onChange={setPage}
              disabled={query.isFetching}
              label={h.pages}
            />
          </div>
        </>
      )}
    </section>
  );
}
