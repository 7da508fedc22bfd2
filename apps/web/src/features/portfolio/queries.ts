import { loadChainReads } from "@/lib/stack/chunks";
import { queryOptions } from "@/lib/stack";
import type { Address, Client } from "viem";
import type { HistoryLoss } from "@lending/sdk";
import { apiGet } from "@/lib/api";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { queryKeys } from "@/lib/queries/keys";

/** The lender's portfolio key: under the user's key, so the user's writes refresh it. */
export const portfolioKey = (chainId: number, user: string) =>
  [...queryKeys.user(chainId, user), "portfolio"] as const;

/**
 * The losses the indexer measured on the lender's positions; none when it cannot answer (the
 * figures then count a shortfall of value as a loss: see `positionFigures`).
 */
async function lenderLosses(user: Address): Promise<HistoryLoss[]> {
  try {
    return (await apiGet<{ items: HistoryLoss[] }>(`/api/lender-losses?user=${user}&pageSize=100`))
      .items;
  } catch {
    return [];
  }
}

/**
 * The lender's portfolio from on-chain reads in parallel (`getUserPosition`, `getPools`, the
 * locking `getUserSummary`, the fixed-term locks and their payouts, `requestEpoch`) and the
 * indexer's losses: the SDK's `buildPortfolioSummary` (the figures, defined once there) plus the
 * loyalty level (the chain's), earned rKSU, the pools (fixed-term configs) and the fixed loans
 * not released yet. Refreshed like the wallet balances (60 s).
 */
export function portfolioQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: portfolioKey(chainId, user ?? ""),
    queryFn: async () => {
      const sdk = await loadChainReads();
      const deployment = sdk.getDeployment(chainId);
      const [position, pools, locking, fixedLoans, requestEpoch, payouts, losses] =
        await Promise.all([
          sdk.readUserPosition(client!, deployment, user!),
          sdk.readPools(client!, deployment),
          sdk.readUserLockingSummary(client!, deployment, user!),
          sdk.getUserFixedLoans(client!, deployment, user!),
          sdk.readRequestEpoch(client!, deployment),
          sdk.readFixedTermPayouts(client!, deployment, user!),
          lenderLosses(user!),
        ]);
      return {
        summary: sdk.buildPortfolioSummary(position, pools, {
          fixedTermPayouts: payouts,
          losses: sdk.positionLosses(losses),
        }),
        pools,
        /** the lender's fixed-term locks not released yet (released ones became variable) */
        fixedLoans: fixedLoans.filter((l) => !l.released),
        requestEpoch,
        earnedRksu: locking.earnedRksu,
        /** none without deposits (spec: empty gives none) */
        loyaltyLevel:
          position.activeDeposits + position.pendingDeposits === 0n ? null : locking.loyaltyLevel,
      };
    },
    enabled: Boolean(client && user),
    ...BALANCE_QUERY_TIMING,
  });
}

export type PortfolioData = Awaited<
  ReturnType<NonNullable<ReturnType<typeof portfolioQueryOptions>["queryFn"]>>
>;
