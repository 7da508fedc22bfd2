/**
 * The operator console's audit trail (issue 27): append-only rows of who did what, when, why,
 * with the transaction hash of an on-chain action. One implementation for the console's API and
 * the ops CLI. No "@/" imports: the ops CLI imports this file too.
 */
import { toCsv } from "@lending/sdk";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/types";
import { consoleAudit } from "../../db/schema";

export type AuditEntry = {
  chainId: number;
  actor: string;
  action: string;
  target: string;
  reason?: string;
  details?: Record<string, string>;
  txHash?: string | null;
};

export type AuditRow = typeof consoleAudit.$inferSelect;

/** Appends one action; an on-chain action's transaction is recorded once (a repeat is a no-op). */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<AuditRow | undefined> {
  const [row] = await db
    .insert(consoleAudit)
    .values({
      chainId: entry.chainId,
      actor: entry.actor.toLowerCase(),
      action: entry.action,
      target: entry.target,
      reason: entry.reason ?? "",
      details: entry.details ?? {},
      txHash: entry.txHash?.toLowerCase() ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The newest actions first. */
export async function listAudit(
  db: Executor,
  chainId: number,
  opts: { limit?: number; txHash?: string } = {},
): Promise<AuditRow[]> {
  return db
    .select()
    .from(consoleAudit)
    .where(
      and(
        eq(consoleAudit.chainId, chainId),
        opts.txHash ? eq(consoleAudit.txHash, opts.txHash.toLowerCase()) : undefined,
      ),
    )
    .orderBy(desc(consoleAudit.id))
    .limit(opts.limit ?? 500);
}

export const AUDIT_CSV_HEADER = [
  "id",
  "time",
  "actor",
  "action",
  "target",
  "reason",
  "details",
  "tx_hash",
] as const;

/** The trail as CSV (formula-safe cells: `toCsv` prefixes = + - @ with an apostrophe). */
export function auditCsv(rows: readonly AuditRow[]): string {
  return toCsv(
    AUDIT_CSV_HEADER,
    rows.map((r) => [
      String(r.id),
      r.createdAt.toISOString(),
      r.actor,
      r.action,
      r.target,
      r.reason,
      Object.entries(r.details)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
      r.txHash ?? "",
    ]),
  );
}
