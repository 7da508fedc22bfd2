/**
 * Database commands of the ops CLI (`npm run ops -- <command>`). They use the same database as
 * the web app: Postgres when DATABASE_URL is set; else the embedded database `npm start` serves
 * on 127.0.0.1:DB_PORT (so they run while the app runs); else, when nothing serves it, the
 * PGlite folder (PGLITE_DIR) opened directly. See `openToolDatabase` in scripts/src/lib/db.ts.
 */
import { count, desc } from "drizzle-orm";
import type { DatabaseHandle } from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";
import * as schema from "../../../apps/web/src/server/db/schema";
import { allTickets, noticeCounts } from "../../../apps/web/src/server/repositories/loan-tickets";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import { KYC_STATUSES, type KycStatus } from "../../../apps/web/src/server/db/schema";
import { userInfo } from "node:os";
import { listAudit } from "../../../apps/web/src/server/services/manage/audit";
import { reviewVerification } from "../../../apps/web/src/server/services/manage/kyc-review";
import { openToolDatabase } from "../lib/db";

export type DbCommand = { description: string; usage: string; run(args: string[]): Promise<void> };

export class UsageError extends Error {
  override name = "UsageError";
}

/** `--name value` pairs and positional arguments. */
export function parseArgs(args: string[]): { flags: Record<string, string>; positional: string[] } {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("--")) {
      const [name, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
      const value = inline ?? args[i + 1];
      if (value === undefined || (inline === undefined && value.startsWith("--"))) {
        throw new UsageError(`--${name} needs a value`);
      }
      if (inline === undefined) i++;
      flags[name] = value;
    } else positional.push(a);
  }
  return { flags, positional };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Opens and migrates the configured database for one command. */
export async function withDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openToolDatabase();
  try {
    await migrateDatabase(handle);
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

export const dbCommands: Record<string, DbCommand> = {
  "loan-tickets:list": {
    description: "List loan tickets",
    usage: "loan-tickets:list [--chain <id>]",
    async run(args) {
      const { flags } = parseArgs(args);
      const { rows, told } = await withDatabase(async ({ db }) => {
        const rows = await allTickets(db, flags.chain ? Number(flags.chain) : undefined);
        return {
          rows,
          told: await noticeCounts(
            db,
            rows.map((t) => t.id),
          ),
        };
      });
      if (rows.length === 0) console.log("No loan tickets.");
      for (const t of rows) {
        console.log(
          `${t.id}\tchain ${t.chainId}\tpool ${t.poolId}/tranche ${t.trancheId}\t${t.endBorrowerId} ${t.endBorrowerName}\t${t.assets} USDC\t${t.createdOn.toISOString()}\t${told.get(t.id) ?? 0} lender(s) told${t.userAddress ? ` (addressed to ${t.userAddress})` : ""}`,
        );
      }
    },
  },
  "kyc:list": {
    description: "List identity verifications of the local provider (default: the review queue)",
    usage: `kyc:list [--status all|${KYC_STATUSES.map((s) => `"${s}"`).join("|")}]`,
    async run(args) {
      const { flags } = parseArgs(args);
      const status = flags.status ?? "To be reviewed";
      if (status !== "all" && !(KYC_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status must be all or one of ${KYC_STATUSES.join(", ")}`);
      }
      const rows = await withDatabase(({ db }) =>
        new LocalKycProvider(db).list(status === "all" ? undefined : [status as KycStatus]),
      );
      if (rows.length === 0)
        console.log(`No verifications${status === "all" ? "" : ` with status ${status}`}.`);
      for (const k of rows)
        console.log(
          `${k.address}\t${k.status}\t${k.entityType}\t${k.fullName}\t${k.email ?? "(no email)"}`,
        );
    },
  },
  "kyc:approve": {
    description: "Approve a verification (Active, or No Email without an email)",
    usage: "kyc:approve <address> [--reason text]",
    run: (args) => review(args, "approve"),
  },
  "kyc:reject": {
    description: "Reject a verification (the lender is told the reason)",
    usage: "kyc:reject <address> --reason text",
    run: (args) => review(args, "reject"),
  },
  "audit:list": {
    description: "The operator audit trail (the console's), newest first",
    usage: "audit:list [--chain <id>] [--limit N]",
    async run(args) {
      const { flags } = parseArgs(args);
      const chainId = Number(flags.chain ?? process.env.CHAIN_ID ?? 31337);
      const limit = flags.limit ? Number(flags.limit) : 100;
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a count");
      const rows = await withDatabase(({ db }) => listAudit(db, chainId, { limit }));
      if (rows.length === 0) console.log("No operator action recorded.");
      for (const r of rows)
        console.log(
          `${r.createdAt.toISOString()}\t${r.actor}\t${r.action}\t${r.target}\t${r.reason}\t${r.txHash ?? ""}`,
        );
    },
  },
  "state:db": {
    description: "Where the database is and how many rows each table holds",
    usage: "state:db",
    async run() {
      await withDatabase(async ({ db, kind, location }) => {
        console.log(`Database: ${kind} ${location}`);
        const tables = {
          logs: schema.logs,
          used_signatures: schema.usedSignatures,
          loan_tickets: schema.loanTickets,
          loan_ticket_decisions: schema.loanTicketDecisions,
          loan_ticket_notices: schema.loanTicketNotices,
          loan_ticket_returns: schema.loanTicketReturns,
          referral_rewards: schema.referralRewards,
          lender_agreements: schema.lenderAgreements,
          referrals: schema.referrals,
          kyc_records: schema.kycRecords,
          console_audit: schema.consoleAudit,
          keeper_status: schema.keeperStatus,
          outbox: schema.outbox,
          rate_limits: schema.rateLimits,
          auth_nonces: schema.authNonces,
          sessions: schema.sessions,
        };
        for (const [name, table] of Object.entries(tables)) {
          const [row] = await db.select({ n: count() }).from(table);
          console.log(`  ${name.padEnd(22)} ${row?.n ?? 0}`);
        }
        const [last] = await db.select().from(schema.logs).orderBy(desc(schema.logs.id)).limit(1);
        if (last)
          console.log(
            `Last client error: ${last.createdAt.toISOString()} ${last.title ?? ""} ${last.message ?? ""}`,
          );
      });
    },
  },
};

/**
 * The same decision as the operator console's review queue (services/manage/kyc-review.ts),
 * recorded in the audit trail as done by `cli:<the OS user>` on CHAIN_ID (default 31337).
 */
async function review(args: string[], decision: "approve" | "reject") {
  const { flags, positional } = parseArgs(args);
  const address = positional[0];
  if (!address || !ADDRESS.test(address)) throw new UsageError("an address is required");
  if (decision === "reject" && !flags.reason?.trim()) {
    throw new UsageError("--reason is required: the lender is told why");
  }
  const chainId = Number(process.env.CHAIN_ID ?? 31337);
  const info = await withDatabase(({ db }) =>
    reviewVerification(db, {
      chainId,
      actor: `cli:${userInfo().username}`,
      address,
      decision,
      reason: flags.reason,
    }),
  );
  console.log(`${info.address} is now ${info.status} (${info.fullName}).`);
}
