import { loadLockingReads } from "@/lib/stack/chunks";
import { queryOptions } from "@/lib/stack";
import type { Address, Client } from "viem";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { queryKeys } from "@/lib/queries/keys";

/**
 * The locking overview from the chain, at one block (`readLockingOverview`): locks, rKSU, the
 * level the chain decides with its staked percentage, fee share and bonus claimable, the price,
 * the lock periods and the KSU in the wallet. Refreshed like the wallet balances (60 s).
 */
export function lockingQueryOptions(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: queryKeys.locking(chainId, user ?? ""),
    queryFn: async () => {
      const sdk = await loadLockingReads();
      return sdk.readLockingOverview(client!, sdk.getDeployment(chainId), user!);
    },
    enabled: Boolean(client && user),
    ...BALANCE_QUERY_TIMING,
  });
}

/** The lock periods (public): for the loyalty levels modal and visitors. */
export function lockPeriodsQueryOptions(chainId: number, client: Client | undefined) {
  return queryOptions({
    queryKey: queryKeys.lockPeriods(chainId),
    queryFn: async () => {
      const sdk = await loadLockingReads();
      return sdk.getLockPeriods(client!, sdk.getDeployment(chainId));
    },
    enabled: Boolean(client),
    staleTime: 5 * 60_000,
  });
}
