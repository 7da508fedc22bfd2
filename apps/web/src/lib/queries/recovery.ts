/**
 * How a page's reads fail and recover (issue 25): a read that fails shows its error with a
 * Retry button, and is tried again by itself every {@link RECOVER_MS} until it answers, so the
 * page comes back on its own when the chain, the indexer or the server does. (The default retry
 * is in ./retry.)
 */

/** While a read fails, it is tried again this often. */
export const RECOVER_MS = 5_000;

/**
 * A `refetchInterval` that polls every {@link RECOVER_MS} while the query is in error, and every
 * `everyMs` (or not at all) while it is fine.
 */
export function pollWhileFailing(everyMs: number | false = false) {
  return (query: { state: { status: string } }): number | false =>
    query.state.status === "error" ? RECOVER_MS : everyMs;
}
