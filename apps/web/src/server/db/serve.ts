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
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import type { Database } from "./client";
import { migrateDatabase } from "./migrate";
import * as schema from "./schema";

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

type Job = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

// Frontend messages of the extended query protocol that leave a batch open until Sync ('S'):
// Parse, Bind, Describe, Execute, Close, Flush.
const BATCH_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48].map(Number));
const SYNC = 0x53;
const QUERY = 0x51;

/**
 * Runs the wire-protocol messages of every connection on the one PGlite session, one at a time.
 * pglite-socket's own queue serialises single messages and keeps a connection's transaction
 * whole, but lets another connection's message slip between a Parse and its Bind: the unnamed
 * prepared statement is per session, so `pg` clients then fail with "bind message supplies 1
 * parameters, but prepared statement "" requires 3" or "portal "" does not exist" under
 * concurrency. Here a connection keeps the session from its first extended-protocol message to
 * its Sync, and for as long as it holds a transaction.
 */
class SessionQueue {
  private jobs: Job[] = [];
  private running = false;
  /** the connection that must be served next (open batch or transaction), if any */
  private owner: number | null = null;
  private batchOpen = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) {
    return new Promise<number>((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.jobs = this.jobs.filter((job) => {
      if (job.handlerId !== handlerId) return true;
      job.reject(new Error("Connection closed"));
      return false;
    });
  }

  /** A connection went away: end its open batch and roll back its transaction, if it owns them. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      if (this.batchOpen) await this.db.execProtocolRaw(new Uint8Array([SYNC, 0, 0, 0, 4]));
      if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    });
    this.batchOpen = false;
    this.owner = null;
    void this.drain();
  }

  private next(): Job | undefined {
    const index =
      this.owner === null ? 0 : this.jobs.findIndex((job) => job.handlerId === this.owner);
    return index < 0 ? undefined : this.jobs.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.next(); job; job = this.next()) {
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(job!.message, {
              onRawData: (data) => {
                bytes += data.length;
                job!.onData(data);
              },
            }),
          );
          this.afterMessage(job);
          job.resolve(bytes);
        } catch (error) {
          this.afterMessage(job);
          job.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private afterMessage(job: Job): void {
    const type = job.message[0];
    const startup = job.message.length >= 8 && type === 0; // length-prefixed, no type byte
    if (!startup && type !== undefined && BATCH_MESSAGES.has(type)) this.batchOpen = true;
    else if (type === SYNC || type === QUERY || startup) this.batchOpen = false;
    this.owner = this.batchOpen || this.db.isInTransaction() ? job.handlerId : null;
  }
}

type QueueOption = ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"];

/**
 * Opens the PGlite folder (created when new; `memory://` for a throwaway database), migrates it
 * when asked, and serves it on host:port (port 0: a free port, see `port` of the result). Rejects when the port is taken.
 * Connections beyond `maxConnections` are refused.
 */
export async function servePglite(opts: {
  pgliteDir: string;
  port: number;
  host?: string;
  maxConnections?: number;
  /** apply the migrations in process before serving (faster than over the wire) */
  migrate?: boolean;
  /** start from this dump of a data folder (`dumpDataDir`), not an empty cluster */
  loadDataDir?: Blob;
}): Promise<ServedDatabase> {
  const host = opts.host ?? "127.0.0.1";
  const max = opts.maxConnections ?? SERVED_MAX_CONNECTIONS;
  if (!opts.pgliteDir.startsWith("memory://")) mkdirSync(opts.pgliteDir, { recursive: true });
  const db = await PGlite.create(
    opts.pgliteDir,
    opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
  );
  if (opts.migrate) {
    try {
      const local = drizzle({ client: db, schema }) as unknown as Database;
      await migrateDatabase({ db: local, kind: "pglite" });
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const queue = new SessionQueue(db) as unknown as QueueOption;
  const handlers = new Set<PGLiteSocketHandler>();
  const server = net.createServer((socket) => {
    if (handlers.size >= max) {
      socket.destroy();
      return;
    }
    const handler = new PGLiteSocketHandler({ queryQueue: queue, closeOnDetach: true });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener("close", forget);
    handler.addEventListener("error", forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ port: opts.port, host, exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  let closing: Promise<void> | undefined;
  return {
    url: localDatabaseUrl(port, host),
    port,
    location: opts.pgliteDir,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.allSettled([...handlers].map((h) => h.detach(true)));
        handlers.clear();
        await closed;
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
  client.on("error", () => {}); // the failure is answered below
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    await client.connect();
  } catch (error) {
    return message(error); // (end() would wait for a connection that never was)
  }
  try {
    await client.query("select 1");
    return true;
  } catch (error) {
    return message(error);
  } finally {
    await client.end().catch(() => {});
  }
}
