import { useQuery, VISITOR_READ } from "@/lib/stack";
import type { HistoryLoss, PoolNotice } from "@lending/sdk";
import { apiGet } from "@/lib/api";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";

/** How often the notices are read again: an incident is news. */
const REFRESH_MS = 15_000;

/**
 * The pools with an open incident or a reported loss (GET /api/pool-notices), by pool id. An
 * unavailable indexer leaves the cards as they are (no notice, no error on the card).
 */
export function usePoolNotices(): Map<string, PoolNotice> | undefined {
  const { chainId } = useAppChain();
  const { data } = useQuery({
    queryKey: queryKeys.poolNotices(chainId),
    queryFn: () => apiGet<{ items: PoolNotice[] }>("/api/pool-notices"),
    refetchInterval: REFRESH_MS,
    retry: 1,
    meta: VISITOR_READ,
  });
  return data ? new Map(data.items.map((n) => [n.poolId, n])) : undefined;
}

/** The losses that changed `user`'s positions, newest first (the last 100). */
export function useLenderLosses(user: string | undefined): HistoryLoss[] | undefined {
  const { chainId } = useAppChain();
  const { data } = useQuery({
    queryKey: queryKeys.lenderLosses(chainId, user ?? ""),
    queryFn: () => apiGet<{ items: HistoryLoss[] }>(`/api/lender-losses?user=${user}&pageSize=100`),
    enabled: Boolean(user),
    refetchInterval: REFRESH_MS,
    retry: 1,
  });
  return data?.items;
}
