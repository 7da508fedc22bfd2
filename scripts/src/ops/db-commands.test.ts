import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";
import { kycRecords } from "../../../apps/web/src/server/db/schema";
import {
  insertLoanTicket,
  insertNotices,
} from "../../../apps/web/src/server/repositories/loan-tickets";
import { getFreePort } from "../lib/net";
import { dbCommands, parseArgs, UsageError } from "./db-commands";

describe("ops database commands", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lending-ops-"));
  const saved = {
    PGLITE_DIR: process.env.PGLITE_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    DB_PORT: process.env.DB_PORT,
  };
  const out: string[] = [];
  beforeAll(async () => {
    process.env.PGLITE_DIR = dir;
    delete process.env.DATABASE_URL;
    // a port nothing serves: the commands open the folder themselves (an `npm start` running on
    // the default DB_PORT must not be used)
    process.env.DB_PORT = String(await getFreePort());
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  });
  afterEach(() => void (out.length = 0));
  afterAll(() => {
    vi.restoreAllMocks();
    process.env.PGLITE_DIR = saved.PGLITE_DIR;
    if (saved.DB_PORT) process.env.DB_PORT = saved.DB_PORT;
    else delete process.env.DB_PORT;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    rmSync(dir, { recursive: true, force: true });
  });

  it("parses flags and positional arguments", () => {
    expect(parseArgs(["--pool", "0", "--assets=5", "x"])).toEqual({
      flags: { pool: "0", assets: "5" },
      positional: ["x"],
    });
    expect(() => parseArgs(["--pool"])).toThrow(UsageError);
  });

  it("lists loan tickets with how many lenders were told of each", async () => {
    await dbCommands["loan-tickets:list"]!.run([]);
    expect(out.join("\n")).toBe("No loan tickets.");
    out.length = 0;
    const handle = await openDatabase({ pgliteDir: dir });
    try {
      await migrateDatabase(handle);
      const ticket = await insertLoanTicket(handle.db, {
        chainId: 31337,
        poolId: "0",
        trancheId: "1",
        endBorrowerId: "b-1",
        endBorrowerName: "Acme Ltd",
        assets: "25000",
      });
      await insertNotices(handle.db, ticket.id, [
        { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", emailSentAt: new Date() },
        { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", emailSentAt: null },
      ]);
    } finally {
      await handle.close();
    }
    await dbCommands["loan-tickets:list"]!.run([]);
    expect(out.join("\n")).toMatch(/b-1 Acme Ltd\t25000 USDC\t.*\t2 lender\(s\) told$/);
  }, 120_000); // each command boots PGlite's WASM: seconds, a minute on a loaded machine

  it("lists the KYC review queue and approves or rejects", async () => {
    const h = await openDatabase({ pgliteDir: dir });
    await h.db.insert(kycRecords).values([
      {
        address: "0x00000000000000000000000000000000000000a1",
        status: "To be reviewed",
        entityType: "individual",
        fullName: "Ada",
        email: "a@x.org",
        provider: "local",
      },
      {
        address: "0x00000000000000000000000000000000000000a2",
        status: "To be reviewed",
        entityType: "business",
        fullName: "Firm",
        provider: "local",
      },
    ]);
    await h.close();
    await dbCommands["kyc:list"]!.run([]);
    expect(out.filter((l) => l.includes("To be reviewed"))).toHaveLength(2);
    await dbCommands["kyc:approve"]!.run(["0x00000000000000000000000000000000000000A1"]);
    // a rejection needs a reason (the lender is told why): refused without one, nothing changed
    await expect(
      dbCommands["kyc:reject"]!.run(["0x00000000000000000000000000000000000000a2"]),
    ).rejects.toBeInstanceOf(UsageError);
    await dbCommands["kyc:reject"]!.run([
      "0x00000000000000000000000000000000000000a2",
      "--reason",
      "The registry extract is unreadable",
    ]);
    expect(out.slice(-2)).toEqual([
      "0x00000000000000000000000000000000000000a1 is now Active (Ada).",
      "0x00000000000000000000000000000000000000a2 is now Rejected (Firm).",
    ]);
    await expect(dbCommands["kyc:approve"]!.run(["nope"])).rejects.toBeInstanceOf(UsageError);
    // the same service as the console: the decision and its reason are in the audit trail
    await dbCommands["audit:list"]!.run([]);
    expect(out.join("\n")).toMatch(/kyc:reject\t0x0+a2\t.*The registry extract is unreadable/);
    await dbCommands["state:db"]!.run([]);
    expect(out.join("\n")).toMatch(/kyc_records\s+2/);
  }, 120_000); // each command boots PGlite's WASM: seconds, a minute on a loaded machine
});
