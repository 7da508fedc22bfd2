import { loadFillPreviewReads } from "@/lib/stack/chunks";
import { queryOptions, useQuery } from "@/lib/stack";
import type { FillPreview } from "@lending/sdk";
import type { Address, Client } from "viem";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";

/** The pending requests of one position, summed ("pool:tranche" keys). */
export type PositionPreview = {
  deposits: bigint;
  depositsRejected: bigint;
  withdrawals: bigint;
  withdrawalsRejected: bigint;
};

export type FillPreviews = {
  /** by NFT id (decimal string) */
  byRequest: Record<string, FillPreview>;
  /** by `${poolId}:${trancheId}` */
  byPosition: Record<string, PositionPreview>;
};

export const positionKey = (poolId: bigint, trancheId: bigint) => `${poolId}:${trancheId}`;

/**
 * The fill preview of each of the lender's pending requests (issue 28): the SDK's
 * `readFillPreviews`, which clears the request's epoch in a simulation by the contract's rule
 * from the chain's queue, capacity, liquidity and loyalty order. Under the user's key, so the
 * user's writes refresh it; otherwise every 60 s like the balances.
 */
export function fillPreviewQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: [...queryKeys.user(chainId, user ?? ""), "fillPreview"] as const,
    queryFn: async (): Promise<FillPreviews> => {
      const sdk = await loadFillPreviewReads();
      const deployment = sdk.getDeployment(chainId);
      const { requests } = await sdk.readUserPosition(client!, deployment, user!);
      const previews = await sdk.readFillPreviews(client!, deployment, requests);
      const byRequest: FillPreviews["byRequest"] = Object.fromEntries(
        [...previews].map(([nftId, p]) => [nftId.toString(), p]),
      );
      const byPosition: FillPreviews["byPosition"] = {};
      for (const r of requests) {
        const p = previews.get(r.nftId);
        if (!p) continue;
        const key = positionKey(r.poolId, r.trancheId);
        const sum = (byPosition[key] ??= {
          deposits: 0n,
          depositsRejected: 0n,
          withdrawals: 0n,
          withdrawalsRejected: 0n,
        });
        if (p.kind === "Deposit") {
          sum.deposits += p.filledUsdc;
          sum.depositsRejected += p.rejectedUsdc;
        } else {
          sum.withdrawals += p.filledUsdc;
          sum.withdrawalsRejected += p.rejectedUsdc;
        }
      }
      return { byRequest, byPosition };
    },
    enabled: Boolean(client && user),
    ...BALANCE_QUERY_TIMING,
  });
}

/** The connected lender's fill previews (none while loading or when the chain cannot answer). */
export function useFillPreviews(user: Address | undefined) {
  const { chainId, client } = useAppChain();
  return useQuery(fillPreviewQueryOptions(chainId, client, user)).data;
}
