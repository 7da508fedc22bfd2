import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import * as schema from "./schema";

type Env = Record<string, string | undefined>;

export type Database = PgliteDatabase<typeof schema>;
export type DatabaseHandle = { db: Database; close: () => Promise<void>; location: string };

export class DatabaseConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseConfigError";
  }
}

/** The npm workspace root (the folder whose package.json lists "workspaces"), from `start` up. */
export function findWorkspaceRoot(start: string = process.cwd()): string {
  let dir = path.resolve(/*turbopackIgnore: true*/ start);
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { workspaces?: unknown };
      if (Array.isArray(json.workspaces)) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(/*turbopackIgnore: true*/ start);
    dir = parent;
  }
}

/** PGLITE_DIR, or <repo>/.data/pglite. "memory://" keeps the database in memory. */
export function resolvePgliteDir(env: Env = process.env): string {
  const dir = env.PGLITE_DIR?.trim();
  if (dir) return dir.startsWith("memory://") ? dir : path.resolve(/*turbopackIgnore: true*/ dir);
  return path.join(findWorkspaceRoot(), ".data", "pglite");
}

/**
 * Opens the database. PGlite (embedded Postgres) is the default. DATABASE_URL would select a
 * Postgres server, but the `pg` driver is not installed in this workspace yet, so it fails loudly
 * instead of silently using PGlite.
 */
export async function openDatabase(
  opts: { pgliteDir?: string; env?: Env } = {},
): Promise<DatabaseHandle> {
  const env = opts.env ?? process.env;
  if (!opts.pgliteDir && env.DATABASE_URL?.trim()) {
    throw new DatabaseConfigError(
      "DATABASE_URL is set, but the Postgres driver (`pg`) is not installed yet. " +
        "Unset DATABASE_URL to use the embedded PGlite database (PGLITE_DIR).",
    );
  }
  const location = opts.pgliteDir ?? resolvePgliteDir(env);
  if (!location.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location);
  const db = drizzle({ client, schema });
  return { db, location, close: () => client.close() };
}

let shared: Promise<DatabaseHandle> | undefined;

/** One database per server process (PGlite allows one process per data folder). */
export function getDatabase(): Promise<DatabaseHandle> {
  shared ??= openDatabase();
  return shared;
}
