import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../apps/web/src/server/db/client";
import { kycRecords } from "../../../apps/web/src/server/db/schema";
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

  it("creates and lists loan tickets, and refuses missing flags", async () => {
    await expect(dbCommands["loan-tickets:create"]!.run(["--pool", "0"])).rejects.toBeInstanceOf(
      UsageError,
    );
    await dbCommands["loan-tickets:create"]!.run([
      "--pool",
      "0",
      "--tranche",
      "1",
      "--borrower-id",
      "b-1",
      "--borrower-name",
      "Acme Ltd",
      "--assets",
      "25000",
    ]);
    expect(out.join("\n")).toMatch(/Loan ticket 1 created \(Acme Ltd, 25000 USDC/);
    await dbCommands["loan-tickets:list"]!.run([]);
    expect(out.join("\n")).toMatch(/b-1 Acme Ltd\t25000 USDC/);
    // a ticket dated in the past (its window already closed): the demo of "counts as opted in"
    const base = ["--pool", "0", "--tranche", "1", "--borrower-id", "b-2"];
    const more = ["--borrower-name", "Old Co", "--assets", "10"];
    await dbCommands["loan-tickets:create"]!.run([
      ...base,
      ...more,
      "--created-on",
      "2026-01-01T09:00:00Z",
    ]);
    expect(out.join("\n")).toMatch(/Loan ticket 2 created .* closes 2026-01-03T09:00:00.000Z/);
    for (const bad of ["yesterday", new Date(Date.now() + 3_600_000).toISOString()]) {
      await expect(
        dbCommands["loan-tickets:create"]!.run([...base, ...more, "--created-on", bad]),
      ).rejects.toBeInstanceOf(UsageError);
    }
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
    await dbCommands["kyc:reject"]!.run(["0x00000000000000000000000000000000000000a2"]);
    expect(out.slice(-2)).toEqual([
      "0x00000000000000000000000000000000000000a1 is now Active (Ada).",
      "0x00000000000000000000000000000000000000a2 is now Rejected (Firm).",
    ]);
    await expect(dbCommands["kyc:approve"]!.run(["nope"])).rejects.toBeInstanceOf(UsageError);
    await dbCommands["state:db"]!.run([]);
    expect(out.join("\n")).toMatch(/kyc_records\s+2/);
  }, 120_000); // each command boots PGlite's WASM: seconds, a minute on a loaded machine
});
