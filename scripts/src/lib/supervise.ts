/**
 * `npm start`'s supervisor (issue 25): a keeper or indexer that exits is started again, after a
 * backoff that doubles from 1 s to 30 s (reset once it has run for a minute), with a log line
 * each time. Nothing restarts once the stack is stopping.
 */

export type Supervised = {
  /** Stops supervising (the stack is stopping): a later exit is not restarted. */
  stop: () => void;
  /** How many times it was restarted. */
  restarts: () => number;
};

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A run this long resets the backoff. */
export const HEALTHY_RUN_MS = 60_000;

/** The wait before restart number `attempt` (1, 2, ...) of a process that keeps failing. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * Restarts a process when it exits by itself: `onExit` registers a listener called on each such
 * exit (of whichever run of the process is current), `restart` starts it again. A failed restart
 * is retried with the backoff.
 */
export function supervise(opts: {
  name: string;
  onExit: (listener: (code: number | null, signal: NodeJS.Signals | null) => void) => void;
  restart: () => Promise<void>;
  log?: (line: string) => void;
  /** for tests */
  backoff?: (attempt: number) => number;
}): Supervised {
  const log = opts.log ?? ((line: string) => console.log(line));
  const backoff = opts.backoff ?? backoffMs;
  let stopped = false;
  let restarts = 0;
  let failures = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const schedule = (wait: number) => {
    timer = setTimeout(() => {
      if (stopped) return;
      startedAt = Date.now();
      opts.restart().then(
        () => {
          if (stopped) return;
          restarts += 1;
          log(`[supervisor] the ${opts.name} is running again (restart ${restarts})`);
        },
        (error: unknown) => {
          if (stopped) return;
          failures += 1;
          const next = backoff(failures);
          log(
            `[supervisor] restarting the ${opts.name} failed: ${error instanceof Error ? error.message : String(error)}; trying again in ${Math.round(next / 100) / 10} s`,
          );
          schedule(next);
        },
      );
    }, wait);
    timer.unref?.();
  };

  opts.onExit((code, signal) => {
    if (stopped) return;
    failures = Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : failures + 1;
    const wait = backoff(failures);
    log(
      `[supervisor] the ${opts.name} exited (${signal ?? `code ${code}`}); restarting it in ${Math.round(wait / 100) / 10} s`,
    );
    schedule(wait);
  });
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    restarts: () => restarts,
  };
}
