// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseConfigError, openDatabase, resolvePgliteDir } from "./client";
import { migrateDatabase } from "./migrate";
import { logs } from "./schema";

describe("database", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lending-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("migrates a fresh PGlite folder, writes and reads logs, and survives a reopen", async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await migrateDatabase(first.db);
    await migrateDatabase(first.db); // idempotent
    await first.db.insert(logs).values({
      chainId: 31337,
      address: "0xabc0000000000000000000000000000000000001",
      title: "Lend failed",
      message: "user rejected",
      error: { name: "UserRejectedRequestError", message: "User rejected the request." },
    });
    await first.close();

    const second = await openDatabase({ pgliteDir: dir });
    const rows = await second.db
      .select()
      .from(logs)
      .where(eq(logs.chainId, 31337))
      .orderBy(desc(logs.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe("Lend failed");
    expect(rows[0]?.error?.name).toBe("UserRejectedRequestError");
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    const migrations = await second.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(migrations.rows[0]).toEqual({ n: 1 });
    await second.close();
  }, 30_000); // PGlite boots its WASM twice here: about 3 s on an idle machine

  it("defaults to <repo>/.data/pglite and honours PGLITE_DIR", () => {
    expect(resolvePgliteDir({})).toMatch(/[/\\]\.data[/\\]pglite$/);
    expect(resolvePgliteDir({ PGLITE_DIR: "memory://" })).toBe("memory://");
    expect(resolvePgliteDir({ PGLITE_DIR: dir })).toBe(dir);
  });

  it("refuses DATABASE_URL while the pg driver is not installed", async () => {
    await expect(
      openDatabase({ env: { DATABASE_URL: "postgres://x@127.0.0.1/db" } }),
    ).rejects.toBeInstanceOf(DatabaseConfigError);
  });
});
