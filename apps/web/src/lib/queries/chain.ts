import { loadChainReads, loadLendFormRead } from "@/lib/stack/chunks";
import { queryOptions } from "@/lib/stack";
import { BALANCE_REFRESH_MS, RETRY_DELAY_MS, RETRY_MAX } from "@lending/sdk";
import type { Address, Client } from "viem";
import { queryKeys } from "./keys";
import { pollWhileFailing } from "./recovery";

/** Chain data read while rendering a page, handed to the browser's query cache as its start. */
export interface InitialData<T> {
  data: T;
  /** ms since the epoch: the query counts as fresh from here */
  fetchedAt: number;
}

/**
 * Wallet balances (spec section 7): refreshed every 60 s, deduplicated for 60 s, retried up to 5
 * times every 2 s.
 */
export const BALANCE_QUERY_TIMING = {
  refetchInterval: pollWhileFailing(BALANCE_REFRESH_MS),
  staleTime: BALANCE_REFRESH_MS,
  retry: RETRY_MAX,
  retryDelay: RETRY_DELAY_MS,
} as const;

export { epochTimesQueryOptions } from "./epochTimes";

/** Pools with their tranches and fixed-term configs. */
export function poolsQueryOptions(chainId: number, client: Client | undefined) {
  return queryOptions({
    queryKey: queryKeys.pools(chainId),
    queryFn: async () => {
      const { readPools, getDeployment } = await loadChainReads();
      return readPools(client!, getDeployment(chainId));
    },
    enabled: Boolean(client),
    refetchInterval: pollWhileFailing(60_000),
  });
}

/** What the lend form needs about the user for one pool. */
export interface LendFormUserData {
  /** USDC wallet balance */
  balance: bigint;
  /** USDC already requested this epoch, per tranche id */
  depositedThisEpoch: Record<string, bigint>;
  /** fixed-term config ids (per tranche id) the user is allowlisted for */
  fixedTermAllowlisted: Record<string, bigint[]>;
  loyaltyLevel: 0 | 1 | 2;
}

export function lendFormQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
  pool: { id: bigint; tranches: { id: bigint; fixedTermConfig: { configId: bigint }[] }[] },
) {
  return queryOptions({
    queryKey: queryKeys.lendForm(chainId, user ?? "", pool.id.toString()),
    // the read's code loads with its first run (a connected wallet): not in a visitor's page
    queryFn: async (): Promise<LendFormUserData> =>
      (await loadLendFormRead()).readLendForm(chainId, client!, user!, pool),
    enabled: Boolean(client && user),
    ...BALANCE_QUERY_TIMING,
  });
}
