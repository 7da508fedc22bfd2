/**
 * The embedded database (PGlite) served over the Postgres wire protocol, so that several
 * processes (the web server, the ops CLI, the keeper) share one PGlite folder through the same
 * `pg` driver and code path as a real Postgres server (DATABASE_URL).
 *
 * Caveats of the served PGlite (docs/decisions.md, "Issue 11: the lender's round trip"): every
 * connection shares one Postgres session, so clients must not change session state (no SET, no
 * read-only transactions); and transactions are serialised across connections, so code holding
 * a transaction must never await a query on another connection (it would wait forever).
 */
import { mkdirSync } from "node:fs";
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";

/** Connections the served database accepts at once (web pool, ops, keeper, with room to spare). */
export const SERVED_MAX_CONNECTIONS = 64;

/** The connection URL of a PGlite served on 127.0.0.1:port (user and database `postgres`). */
export function localDatabaseUrl(port: number, host = "127.0.0.1"): string {
  return `postgres://postgres@${host}:${port}/postgres`;
}

export type ServedDatabase = {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** the PGlite folder (or memory://) */
  location: string;
  /** Stops accepting connections, drops the open ones, then closes PGlite (flushing the folder). */
  close: () => Promise<void>;
};

/**
 * Opens the PGlite folder (created when new; `memory://` for a throwaway database) and serves it
 * on host:port (port 0: a free port, see `port` of the result). Rejects when the port is taken.
 */
export async function servePglite(opts: {
  pgliteDir: string;
  port: number;
  host?: string;
  maxConnections?: number;
}): Promise<ServedDatabase> {
  const host = opts.host ?? "127.0.0.1";
  if (!opts.pgliteDir.startsWith("memory://")) mkdirSync(opts.pgliteDir, { recursive: true });
  const db = await PGlite.create(opts.pgliteDir);
  const server = new PGLiteSocketServer({
    db,
    host,
    port: opts.port,
    maxConnections: opts.maxConnections ?? SERVED_MAX_CONNECTIONS,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  // start() resolves once listening; getServerConn() then names the bound port ("host:port").
  const port = Number(server.getServerConn().split(":").pop());
  let closing: Promise<void> | undefined;
  return {
    url: localDatabaseUrl(port, host),
    port,
    location: opts.pgliteDir,
    close: () =>
      (closing ??= (async () => {
        await server.stop();
        await db.close();
      })()),
  };
}

/** True when something accepts TCP connections on host:port within `timeoutMs`. */
export function portAnswers(port: number, host = "127.0.0.1", timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Whether a Postgres server (a served PGlite or a real one) answers `select 1` at `url`.
 * Answers the error's message when the port answers but not as Postgres.
 */
export async function checkDatabaseUrl(url: string, timeoutMs = 5_000): Promise<true | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}
