import { queryOptions } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { queryKeys } from "@/lib/queries/keys";

/** The SDK's reads load as their own chunk (kept out of the page's first-load JavaScript). */
const loadSdk = () => import("@lending/sdk");

/** The lender's portfolio key: under the user's key, so the user's writes refresh it. */
export const portfolioKey = (chainId: number, user: string) =>
  [...queryKeys.user(chainId, user), "portfolio"] as const;

/**
 * The lender's portfolio from on-chain reads in parallel (`getUserPosition`, `getPools`, the
 * locking `getUserSummary`, the fixed-term locks, `requestEpoch`): the SDK's
 * `buildPortfolioSummary` plus the loyalty level, earned rKSU, the pools (fixed-term configs)
 * and the fixed loans not released yet. Refreshed like the wallet balances (60 s).
 */
export function portfolioQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: portfolioKey(chainId, user ?? ""),
    queryFn: async () => {
      const sdk = await loadSdk();
      const deployment = sdk.getDeployment(chainId);
      const [position, pools, locking, fixedLoans, requestEpoch] = await Promise.all([
        sdk.readUserPosition(client!, deployment, user!),
        sdk.readPools(client!, deployment),
        sdk.readUserLockingSummary(client!, deployment, user!),
        sdk.getUserFixedLoans(client!, deployment, user!),
        sdk.readRequestEpoch(client!, deployment),
      ]);
      return {
        summary: sdk.buildPortfolioSummary(position, pools),
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
