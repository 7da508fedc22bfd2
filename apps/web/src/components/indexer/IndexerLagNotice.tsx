"use client";

import { useQuery, VISITOR_READ } from "@/lib/stack";
import { fill, formatLag, isIndexerBehind, type IndexerSync } from "@lending/sdk";
import { indexerSyncKey } from "@/lib/queries/indexerSyncKey";
// in the notice's chunk: a visitor's page fetches the notice and its read as one file (issue 26)
import { fetchIndexerSync } from "@/features/history/indexerSync";

/** How often an indexed view asks how far the indexer is behind the chain. */
const SYNC_REFRESH_MS = 15_000;

/** The indexer's lag behind the chain, asked every 15 s (undefined while unknown). */
export function useIndexerSync(): IndexerSync | undefined {
  const query = useQuery({
    queryKey: indexerSyncKey(),
    queryFn: fetchIndexerSync,
    refetchInterval: SYNC_REFRESH_MS,
    retry: false,
    meta: VISITOR_READ,
  });
  return query.data;
}

/**
 * Shown above every view that reads indexed data (my transactions, rewards: `list`; portfolio,
 * lending, locking: `page`, whose indexed notices, losses and rewards sit beside chain reads)
 * when the indexer is more than a minute behind the chain: how far, so a stale status is never
 * taken for the chain's. Nothing in the server's HTML (the lag is asked from the browser after
 * hydration), so the server's HTML and the hydrating render agree. In the page's chunk, not loaded
 * after it: a second file would cost its own request and headers (issue 26, sixth pass).
 */
export function IndexerLagNotice({
  text,
  className = "",
}: {
  /**
   * The catalog's words with `{duration}`: `transactions.behind` above a list (my transactions,
   * rewards), `transactions.behindPage` above a page whose indexed notices, losses and rewards
   * sit beside chain reads (portfolio, lending, locking). Passed in, so the catalog stays out of
   * the page's JavaScript.
   */
  text: string;
  /** spacing where the page places it */
  className?: string;
}) {
  const sync = useIndexerSync();
  if (!isIndexerBehind(sync)) return null;
  return (
    <p
      role="status"
      data-testid="indexer-lag"
      className={`rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 ${className}`}
    >
      {fill(text, { duration: formatLag(sync!.behindSeconds) })}
    </p>
  );
}
