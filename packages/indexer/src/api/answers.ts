/**
 * Answers of the per-user reads, kept until the index changes (issue 25, heavy users).
 *
 * A lender's history page costs a dozen queries; under load the same first pages are asked for
 * again and again between two indexed blocks. Each answer is kept with the database snapshot it
 * was computed under (`pg_current_snapshot()`, which moves only when a writing transaction
 * starts or commits: an indexed block) and served again while the snapshot is the same. One
 * cheap query per request instead of a dozen; concurrent requests for the same answer share one
 * computation. Within {@link FRESH_MS} of its computation an answer is served without even that
 * query: under load the one database session is then left to the indexer (an answer is at most
 * that much older than the newest indexed block; the indexer polls the chain every 200 ms anyway).
 */

/** The database's transaction state, as `consistentRead` reads it. */
export type ReadState = { xact: string | null; snapshot: string };

/** At most this many answers are kept (the oldest go first). */
export const MAX_ANSWERS = 2_000;

/** An answer this young is served without asking the database whether the index moved. */
export const FRESH_MS = 250;

type Entry = { snapshot: string; at: number; value: Promise<unknown> };

export function createAnswerCache(
  readState: () => Promise<ReadState>,
  max = MAX_ANSWERS,
  freshMs = FRESH_MS,
) {
  const answers = new Map<string, Entry>();
  let check: Promise<ReadState> | null = null;

  /** The current state; requests that arrive while it is being read share that read. */
  function current(): Promise<ReadState> {
    check ??= readState().finally(() => {
      check = null;
    });
    return check;
  }

  /** `compute()`'s answer for `key`, or the one computed under the same snapshot. */
  async function answer<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const young = answers.get(key);
    if (young && Date.now() - young.at < freshMs) return young.value as Promise<T>;
    const state = await current();
    // a block is being written on this very connection (embedded PGlite): nothing to key it by
    if (state.xact !== null) return compute();
    const hit = answers.get(key);
    if (hit && hit.snapshot === state.snapshot) return hit.value as Promise<T>;
    const value = compute();
    answers.delete(key);
    answers.set(key, { snapshot: state.snapshot, at: Date.now(), value });
    while (answers.size > max) answers.delete(answers.keys().next().value!);
    value.catch(() => {
      if (answers.get(key)?.value === value) answers.delete(key);
    });
    return value;
  }

  return { answer, size: () => answers.size };
}
