import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

type Env = Record<string, string | undefined>;

/** The drizzle database: PGlite or node-postgres, same schema and queries. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";
export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** PGlite folder, or the Postgres URL without its password */
  location: string;
};

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

/** A Postgres URL with its password hidden, for messages. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

/**
 * Opens the database. PGlite (embedded Postgres) is the default; DATABASE_URL selects a Postgres
 * server through `pg` (a pool of `DATABASE_POOL_SIZE` connections, 10 by default).
 */
export async function openDatabase(
  opts: {
    pgliteDir?: string;
    databaseUrl?: string;
    env?: Env;
    /** PGlite: start from this dump of a data folder (`dumpDataDir`), not an empty cluster */
    loadDataDir?: Blob;
  } = {},
): Promise<DatabaseHandle> {
  const env = opts.env ?? process.env;
  const url = opts.databaseUrl ?? (opts.pgliteDir ? undefined : env.DATABASE_URL?.trim());
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new DatabaseConfigError("DATABASE_URL must be a postgres:// URL");
    }
    const max = Number(env.DATABASE_POOL_SIZE ?? 10);
    const pool = new pg.Pool({
      connectionString: url,
      max: Number.isFinite(max) ? max : 10,
      // A database that is down or stalled fails a request within seconds (503), instead of
      // hanging it for as long as the stall lasts.
      connectionTimeoutMillis: positiveMs(env.DATABASE_CONNECT_TIMEOUT_MS, 5_000),
      query_timeout: positiveMs(env.DATABASE_QUERY_TIMEOUT_MS, 10_000),
    });
    // An idle connection the server drops (restart, failover, admin kill) emits 'error' on the
    // pool; unheard, that event would end the process. The pool replaces the connection itself.
    pool.on("error", (error) => {
      console.error(`[db] idle connection to ${redactDatabaseUrl(url)} lost:`, error.message);
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: "postgres", location: redactDatabaseUrl(url), close: () => pool.end() };
  }
  const location = opts.pgliteDir ?? resolvePgliteDir(env);
  if (!location.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(
    location,
    opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
  );
  const db = drizzle({ client, schema }) as unknown as Database;
  return { db, kind: "pglite", location, close: () => client.close() };
}

function positiveMs(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Error codes and messages of a database that is down, unreachable, restarting or stalled. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08006",
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly/i;

/**
 * Whether `error` (or one of its causes) says the database is unavailable rather than that a
 * query was wrong: the API answers it 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

let shared: Promise<DatabaseHandle> | undefined;

/** One database per server process (PGlite allows one process per data folder). */
export function getDatabase(): Promise<DatabaseHandle> {
  shared ??= openDatabase();
  return shared;
}
