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
import {
  allTickets,
  insertLoanTicket,
} from "../../../apps/web/src/server/repositories/loan-tickets";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import { KYC_STATUSES, type KycStatus } from "../../../apps/web/src/server/db/schema";
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

const required = (flags: Record<string, string>, name: string) => {
  const v = flags[name]?.trim();
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Opens and migrates the configured database for one command. */
async function withDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openToolDatabase();
  try {
    await migrateDatabase(handle);
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

const chainIdOf = (flags: Record<string, string>) =>
  Number(flags.chain ?? process.env.CHAIN_ID ?? 31337);

export const dbCommands: Record<string, DbCommand> = {
  "loan-tickets:create": {
    description: "Create a loan ticket lenders opt in or out of within 2 days",
    usage:
      "loan-tickets:create --pool <id> --tranche <id> --borrower-id <id> --borrower-name <name> --assets <USDC> [--user <address>] [--chain <id>] [--created-on <ISO time, e.g. 2026-11-20T09:00:00Z>]",
    async run(args) {
      const { flags } = parseArgs(args);
      const assets = required(flags, "assets");
      if (!/^\d{1,15}(\.\d{1,6})?$/.test(assets))
        throw new UsageError("--assets must be a USDC amount");
      const user = flags.user;
      if (user !== undefined && !ADDRESS.test(user))
        throw new UsageError("--user must be an address");
      const createdOn =
        flags["created-on"] === undefined ? undefined : new Date(flags["created-on"]);
      if (createdOn && (Number.isNaN(createdOn.getTime()) || createdOn.getTime() > Date.now())) {
        throw new UsageError("--created-on must be an ISO time, not in the future");
      }
      const ticket = await withDatabase(({ db }) =>
        insertLoanTicket(db, {
          chainId: chainIdOf(flags),
          poolId: required(flags, "pool"),
          trancheId: required(flags, "tranche"),
          endBorrowerId: required(flags, "borrower-id"),
          endBorrowerName: required(flags, "borrower-name"),
          assets,
          userAddress: user ?? null,
          createdOn,
        }),
      );
      console.log(
        `Loan ticket ${ticket.id} created (${ticket.endBorrowerName}, ${ticket.assets} USDC, pool ${ticket.poolId}, tranche ${ticket.trancheId}); the decision window closes ${new Date(ticket.createdOn.getTime() + 2 * 86_400_000).toISOString()}.`,
      );
    },
  },
  "loan-tickets:list": {
    description: "List loan tickets",
    usage: "loan-tickets:list [--chain <id>]",
    async run(args) {
      const { flags } = parseArgs(args);
      const rows = await withDatabase(({ db }) =>
        allTickets(db, flags.chain ? Number(flags.chain) : undefined),
      );
      if (rows.length === 0) console.log("No loan tickets.");
      for (const t of rows) {
        console.log(
          `${t.id}\tchain ${t.chainId}\tpool ${t.poolId}/tranche ${t.trancheId}\t${t.endBorrowerId} ${t.endBorrowerName}\t${t.assets} USDC\t${t.createdOn.toISOString()}\t${t.userAddress ?? "all lenders"}`,
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
    usage: "kyc:approve <address>",
    run: (args) => review(args, "approve"),
  },
  "kyc:reject": {
    description: "Reject a verification",
    usage: "kyc:reject <address>",
    run: (args) => review(args, "reject"),
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
          lender_agreements: schema.lenderAgreements,
          referrals: schema.referrals,
          kyc_records: schema.kycRecords,
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

async function review(args: string[], decision: "approve" | "reject") {
  const { positional } = parseArgs(args);
  const address = positional[0];
  if (!address || !ADDRESS.test(address)) throw new UsageError("an address is required");
  const info = await withDatabase(({ db }) => new LocalKycProvider(db).review(address, decision));
  console.log(`${info.address} is now ${info.status} (${info.fullName}).`);
}
