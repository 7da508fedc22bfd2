/**
 * How a page's reads fail and recover (issue 25): a read that fails shows its error with a
 * Retry button, and is tried again by itself every {@link RECOVER_MS} until it answers, so the
 * page comes back on its own when the chain, the indexer or the server does.
 */
import { isRpcUnreachable } from "@/lib/errors";

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

/**
 * The default retry of a read: once, except when the RPC did not answer (the transport already
 * tried twice; the page then shows the error at once and keeps polling instead).
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isRpcUnreachable(error);
}
