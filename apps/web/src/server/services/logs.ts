import { lt } from "drizzle-orm";
import type { Executor } from "../db/types";
import { logs } from "../db/schema";

/** Client error reports are kept 30 days. */
export const LOG_RETENTION_MS = 30 * 86_400_000;

/** Deletes the client error reports older than {@link LOG_RETENTION_MS}; answers how many. */
export async function pruneLogs(db: Executor, now: number = Date.now()): Promise<number> {
  const deleted = await db
    .delete(logs)
    .where(lt(logs.createdAt, new Date(now - LOG_RETENTION_MS)))
    .returning({ id: logs.id });
  return deleted.length;
}
