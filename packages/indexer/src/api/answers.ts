/**
 * Answers of the per-user reads, kept until the index changes (issue 25, heavy users).
 *
 * A lender's history page costs a dozen queries; under load the same first pages are asked for
 * again and again between two indexed blocks. Each answer is kept with the database snapshot it
 * was computed under (`pg_current_snapshot()`, which moves only when a writing transaction
 * starts or commits: an indexed block) and served again while the snapshot is the same. One
 * cheap query per request instead of a dozen; concurrent requests for the same answer share one
 * computation. Nothing is served that is older than the snapshot the request saw.
 */

/** The database's transaction state, as `consistentRead` reads it. */
export type ReadState = { xact: string | null; snapshot: string };

/** At most this many answers are kept (the oldest go first). */
export const MAX_ANSWERS = 2_000;

type Entry = { snapshot: string; value: Promise<unknown> };

export function createAnswerCache(readState: () => Promise<ReadState>, max = MAX_ANSWERS) {
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
    const state = await current();
    // a block is being written on this very connection (embedded PGlite): nothing to key it by
    if (state.xact !== null) return compute();
    const hit = answers.get(key);
    if (hit && hit.snapshot === state.snapshot) return hit.value as Promise<T>;
    const value = compute();
    answers.delete(key);
    answers.set(key, { snapshot: state.snapshot, value });
    while (answers.size > max) answers.delete(answers.keys().next().value!);
    value.catch(() => {
      if (answers.get(key)?.value === value) answers.delete(key);
    });
    return value;
  }

  return { answer, size: () => answers.size };
}
