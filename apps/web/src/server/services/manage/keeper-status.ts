/**
 * The keeper's last run and last error per scope (issue 27): the keeper records them beside its
 * JSON log lines, the console's health panel reads them. No "@/" imports: the keeper imports it.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Executor } from "../../db/types";
import { keeperStatus } from "../../db/schema";

export type KeeperLogLike = { level: string; action: string; poolId?: unknown; error?: unknown };

/** `pool <id>` for an entry about one pool, else `keeper`. */
export const scopeOf = (entry: KeeperLogLike) =>
  entry.poolId === undefined || entry.poolId === null ? "keeper" : `pool ${String(entry.poolId)}`;

/** Records one log entry: an info entry is a run, a warn or error entry the last error. */
export async function recordKeeperEntry(
  db: Executor,
  chainId: number,
  entry: KeeperLogLike,
  now: Date = new Date(),
): Promise<void> {
  const scope = scopeOf(entry);
  const failed = entry.level !== "info";
  const error = failed
    ? `${entry.action}: ${typeof entry.error === "string" ? entry.error : entry.level}`.slice(
        0,
        500,
      )
    : null;
  const set = failed
    ? { lastError: error, lastErrorAt: now }
    : { lastRunAt: now, lastAction: entry.action };
  await db
    .insert(keeperStatus)
    .values({ chainId, scope, ...set })
    .onConflictDoUpdate({ target: [keeperStatus.chainId, keeperStatus.scope], set });
}

export type KeeperStatusRow = typeof keeperStatus.$inferSelect;

export function keeperStatusRows(db: Executor, chainId: number): Promise<KeeperStatusRow[]> {
  return db
    .select()
    .from(keeperStatus)
    .where(eq(keeperStatus.chainId, chainId))
    .orderBy(keeperStatus.scope);
}

/**
 * Wraps the keeper's logger: every entry is also recorded (in order, one write at a time; a
 * database that is down loses the record, never the log line), and `pass()` records a pass at
 * most every `heartbeatMs`.
 */
export function recordingLogger<E extends KeeperLogLike>(
  log: (entry: E) => void,
  database: () => Promise<Database | null>,
  chainId: number,
  heartbeatMs = 15_000,
): { log: (entry: E) => void; pass: () => void } {
  let queue: Promise<unknown> = Promise.resolve();
  let lastPass = 0;
  const record = (entry: KeeperLogLike) => {
    queue = queue
      .then(async () => {
        const db = await database();
        if (db) await recordKeeperEntry(db, chainId, entry);
      })
      .catch(() => {});
  };
  return {
    log: (entry) => {
      log(entry);
      record(entry);
    },
    pass: () => {
      const now = Date.now();
      if (now - lastPass < heartbeatMs) return;
      lastPass = now;
      record({ level: "info", action: "pass" });
    },
  };
}
