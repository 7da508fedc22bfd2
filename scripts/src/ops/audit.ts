/**
 * The ops CLI's on-chain actions in the operator audit trail (issue 27): the same service as the
 * console (apps/web/src/server/services/manage/tx-audit.ts) reads the mined transaction and
 * records what it did, who sent it and why. Only when a database is reachable without starting
 * one (DATABASE_URL, or the one `npm start` serves on DB_PORT): a command never fails for it.
 */
import type { Deployment } from "@lending/sdk";
import type { Address, Hash, PublicClient } from "viem";
import { openDatabase } from "../../../apps/web/src/server/db/client";
import { portAnswers } from "../../../apps/web/src/server/db/serve";
import { auditTransaction } from "../../../apps/web/src/server/services/manage/tx-audit";
import { dbPort, localDatabaseUrl } from "../lib/db";

export async function auditFromOps(args: {
  client: PublicClient;
  deployment: Deployment;
  chainId: number;
  actor: Address;
  hash: Hash;
  reason?: string;
}): Promise<void> {
  try {
    const url =
      process.env.DATABASE_URL?.trim() ||
      ((await portAnswers(dbPort())) ? localDatabaseUrl() : undefined);
    if (!url) return console.log("audit: not recorded (no database is served)");
    const handle = await openDatabase({ databaseUrl: url });
    try {
      await auditTransaction(handle.db, { ...args, reason: args.reason ?? "" });
    } finally {
      await handle.close();
    }
    console.log(`audit: recorded (tx ${args.hash})`);
  } catch (error) {
    console.log(`audit: not recorded: ${error instanceof Error ? error.message : String(error)}`);
  }
}
