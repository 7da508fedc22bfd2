import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  openDatabase,
  redactDatabaseUrl,
  resolvePgliteDir,
  type DatabaseHandle,
} from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";
import {
  checkDatabaseUrl,
  localDatabaseUrl as urlOnPort,
  portAnswers,
  servePglite,
  type ServedDatabase,
} from "../../../apps/web/src/server/db/serve";
import { paths } from "./paths";

/** Where `npm start` serves the embedded database (DB_PORT) unless configured otherwise. */
export const DEFAULT_DB_PORT = 5488;

export const DbPortSchema = z.coerce.number().int().min(1).max(65535).default(DEFAULT_DB_PORT);

/** Thrown for a bad DB_PORT or a port that answers but not as Postgres. */
export class DatabaseSetupError extends Error {
  override name = "DatabaseSetupError";
}

type Env = Record<string, string | undefined>;

/** The root .env (see .env.example) fills variables the shell did not set, as `npm start` does. */
export function loadRootDotenv(): void {
  const dotenv = path.join(paths.root, ".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
}

/** DB_PORT, validated (1-65535, default 5488). */
export function dbPort(env: Env = process.env): number {
  const parsed = DbPortSchema.safeParse(env.DB_PORT?.trim() || undefined);
  if (!parsed.success) {
    throw new DatabaseSetupError(
      `Invalid configuration: DB_PORT must be a port number (1-65535), got ${JSON.stringify(env.DB_PORT)}`,
    );
  }
  return parsed.data;
}

/**
 * The URL of the embedded database `npm start` serves (postgres://postgres@127.0.0.1:DB_PORT/
 * postgres): what the web server, the ops CLI and the keeper connect to with `pg`.
 */
export function localDatabaseUrl(env: Env = process.env): string {
  return urlOnPort(dbPort(env));
}

/** Applies the migrations to the PGlite folder, then serves it on 127.0.0.1:port. */
export function serveAndMigratePglite(pgliteDir: string, port: number): Promise<ServedDatabase> {
  return servePglite({ pgliteDir, port, migrate: true });
}

/** Applies the web app's migrations to the PGlite folder (creating it when new). */
export async function migratePglite(pgliteDir: string): Promise<void> {
  const handle = await openDatabase({ pgliteDir });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

/** Applies the web app's migrations to a Postgres server (DATABASE_URL) or a served PGlite. */
export async function migratePostgres(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

export type ToolDatabase = DatabaseHandle & {
  /** how the database was reached, for a one-line message */
  via: "DATABASE_URL" | "served" | "folder";
};

/**
 * The database a command-line tool (ops, keeper) uses, on the same path as the web server:
 * - DATABASE_URL set: that Postgres server;
 * - else, when something answers on 127.0.0.1:DB_PORT (`npm start` serves the PGlite folder
 *   there): that server, through `pg`;
 * - else the PGlite folder (PGLITE_DIR) opened directly, as nothing else holds it.
 * `note` receives one line saying which (stderr by default, so stdout stays the command's).
 */
export async function openToolDatabase(
  opts: { env?: Env; note?: (line: string) => void } = {},
): Promise<ToolDatabase> {
  const env = opts.env ?? process.env;
  const note = opts.note ?? ((line: string) => console.error(line));
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const handle = await openDatabase({ databaseUrl, env });
    return { ...handle, via: "DATABASE_URL" };
  }
  const port = dbPort(env);
  if (await portAnswers(port)) {
    const url = urlOnPort(port);
    const check = await checkDatabaseUrl(url);
    if (check !== true) {
      throw new DatabaseSetupError(
        `Something answers on 127.0.0.1:${port} (DB_PORT) but not as the database npm start serves (${check}). Stop it, or set DB_PORT to the port npm start uses.`,
      );
    }
    note(`Database: the embedded database served by npm start at ${url}`);
    const handle = await openDatabase({ databaseUrl: url, env });
    return { ...handle, via: "served" };
  }
  const dir = resolvePgliteDir(env);
  note(
    `Database: nothing serves 127.0.0.1:${port} (DB_PORT; npm start is not running), so opening the PGlite folder ${dir} directly`,
  );
  const handle = await openDatabase({ pgliteDir: dir, env });
  return { ...handle, via: "folder" };
}

export { redactDatabaseUrl };
