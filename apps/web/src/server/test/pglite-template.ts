import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase, migrationsFolder } from "../db/migrate";

/** Every file of the migrations folder (SQL and drizzle's journal), in a stable order. */
function migrationFiles(dir = migrationsFolder): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? migrationFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    )
    .sort();
}

/** The installed PGlite's version (its package.json, found above its resolved entry). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) {
    dir = path.dirname(dir);
  }
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string })
    .version;
}

/**
 * A dump of an empty PGlite with every migration applied, made once per set of migrations and
 * kept in the temp folder (the name carries a hash of the migration files and PGlite's version):
 * an API test file starts its in-memory PGlite from it instead of running initdb (about 4 times
 * faster: seconds per file on a loaded machine). Each file still gets its own database, and
 * `migrateDatabase` still runs on it (nothing pending: a no-op unless the template is stale).
 */
export async function migratedTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  hash.update(pgliteVersion());
  for (const f of migrationFiles()) {
    hash.update(path.relative(migrationsFolder, f)).update("\0").update(readFileSync(f));
  }
  const file = path.join(
    tmpdir(),
    `lending-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`,
  );
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet
  }
  const handle = await openDatabase({ pgliteDir: "memory://" });
  try {
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    // another vitest process may make it at the same time: write aside, then rename (atomic)
    const staging = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(staging, Buffer.from(await dump.arrayBuffer()));
    renameSync(staging, file);
    return dump;
  } finally {
    await handle.close();
  }
}

/**
 * A new in-memory PGlite with every migration applied, for a test that needs the web app's
 * database and nothing else (no route handlers): started from {@link migratedTemplate}.
 */
export async function openMigratedTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    pgliteDir: "memory://",
    loadDataDir: await migratedTemplate(),
  });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
