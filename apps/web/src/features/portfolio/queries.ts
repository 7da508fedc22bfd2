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
 * The lender's portfolio from on-chain reads, three calls in parallel (`getUserPosition`,
 * `getPools`, the locking `getUserSummary`): the SDK's `buildPortfolioSummary` plus the loyalty
 * level and earned rKSU. Refreshed like the wallet balances (60 s).
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
      const [position, pools, locking] = await Promise.all([
        sdk.readUserPosition(client!, deployment, user!),
        sdk.readPools(client!, deployment),
        sdk.readUserLockingSummary(client!, deployment, user!),
      ]);
      return {
        summary: sdk.buildPortfolioSummary(position, pools),
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
