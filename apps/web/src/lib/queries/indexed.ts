/** Structural view of react-query's client: what {@link refreshIndexedSoon} uses. */
interface Invalidates {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}

/**
 * Reads served by the indexer (rewards, history) see a transaction a moment after its receipt:
 * after a write, refreshes `queryKey` again after 1, 3 and 6 seconds (fire and forget).
 */
export function refreshIndexedSoon(cache: Invalidates, queryKey: readonly unknown[]): void {
  for (const ms of [1_000, 3_000, 6_000]) {
    setTimeout(() => void cache.invalidateQueries({ queryKey }), ms);
  }
}
