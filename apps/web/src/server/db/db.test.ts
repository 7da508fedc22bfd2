// @vitest-environment node
// api-passes: skip (its databases are its own PGlite folder and URLs it names, whatever the pass)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseConfigError, openDatabase, resolvePgliteDir } from "./client";
import { migrateDatabase, migrationsFolder } from "./migrate";
import { logs } from "./schema";

describe("database", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lending-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("migrates a fresh PGlite folder, writes and reads logs, and survives a reopen", async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await migrateDatabase(first);
    await migrateDatabase(first); // idempotent
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
    // every migration of drizzle-kit's journal applied, once
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    expect(journal.entries.length).toBeGreaterThanOrEqual(3);
    expect((migrations as unknown as { rows: unknown[] }).rows[0]).toEqual({
      n: journal.entries.length,
    });
    await second.close();
  }, 90_000); // PGlite boots its WASM twice here: about 3 s on an idle machine, a minute under load

  it("defaults to <repo>/.data/pglite and honours PGLITE_DIR", () => {
    expect(resolvePgliteDir({})).toMatch(/[/\\]\.data[/\\]pglite$/);
    expect(resolvePgliteDir({ PGLITE_DIR: "memory://" })).toBe("memory://");
    expect(resolvePgliteDir({ PGLITE_DIR: dir })).toBe(dir);
  });

  it("selects Postgres with DATABASE_URL (connecting lazily) and refuses other URLs", async () => {
    const pg = await openDatabase({ env: { DATABASE_URL: "postgres://x:secret@127.0.0.1/db" } });
    expect(pg.kind).toBe("postgres");
    expect(pg.location).toBe("postgres://x:***@127.0.0.1/db");
    await pg.close();
    await expect(openDatabase({ databaseUrl: "mysql://x@h/db" })).rejects.toBeInstanceOf(
      DatabaseConfigError,
    );
  });
});
