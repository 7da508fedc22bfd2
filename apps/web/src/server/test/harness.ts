import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, inject, onTestFinished, vi } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { servePglite } from "../db/serve";
import { serveDatabase } from "../context";
import { migratedTemplate } from "./pglite-template";

/**
 * A fresh migrated database for one test file: in-memory PGlite; or, when DATABASE_URL is set
 * (the runner's Postgres pass), a new database on that server dropped afterwards; or, when
 * API_TEST_DATABASE=served (the runner's served-PGlite pass), an in-memory PGlite served over the
 * Postgres wire protocol on a free port and reached through `pg`, as `npm start` runs the app.
 * The route handlers use it, and the server's RPC is the shared anvil.
 */
export function setupApiTestDatabase(): { db: () => Database; handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { rpcUrl, chainId } = inject("anvil");
    process.env.RPC_URL = rpcUrl;
    process.env.CHAIN_ID = String(chainId);
    process.env.PGLITE_DIR = "memory://";
    const adminUrl = process.env.DATABASE_URL?.trim();
    if (adminUrl) {
      const name = `lending_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString() });
      drop = async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      };
    } else if (process.env.API_TEST_DATABASE === "served") {
      const served = await servePglite({
        pgliteDir: "memory://",
        port: 0,
        migrate: true,
        loadDataDir: await migratedTemplate(),
      });
      handle = await openDatabase({ databaseUrl: served.url });
      drop = () => served.close();
    } else {
      handle = await openDatabase({
        pgliteDir: "memory://",
        loadDataDir: await migratedTemplate(),
      });
    }
    await migrateDatabase(handle);
    serveDatabase(handle);
  }, 120_000); // booting PGlite's WASM: seconds, a minute and more on a loaded machine
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });
  return {
    db: () => handle!.db,
    handle: () => handle!,
  };
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The other encodings of a 65-byte ECDSA signature that recover the same signer: v as 0/1
 * instead of 27/28, the high-s twin (s -> n - s with the parity flipped) in both v styles, and
 * upper-case hex.
 */
export function signatureEncodings(signature: Hex): Hex[] {
  const r = signature.slice(2, 66);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = parseInt(signature.slice(130, 132), 16);
  const parity = v >= 27 ? v - 27 : v;
  const hex = (n: number | bigint, bytes: number) => n.toString(16).padStart(bytes * 2, "0");
  const highS = hex(SECP256K1_N - s, 32);
  const lowS = hex(s, 32);
  return [
    `0x${r}${lowS}${hex(parity, 1)}`,
    `0x${r}${highS}${hex(27 + (1 - parity), 1)}`,
    `0x${r}${highS}${hex(1 - parity, 1)}`,
    `0x${signature.slice(2).toUpperCase()}`,
  ] as Hex[];
}

/** A new wallet with a random key (viem private-key account). */
export const newAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

const BASE = "http://localhost:3000";

export function getRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, { headers });
}

/** A POST with a JSON body (an object is stringified; a string is sent as is). */
export function postRequest(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Calls a route handler and returns status and JSON. */
export async function call(
  handler: (
    request: Request,
    context: { params: Promise<Record<string, string>> },
  ) => Promise<Response>,
  request: Request,
): Promise<{ status: number; body: Record<string, unknown> & unknown[] }> {
  const response = await handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Checks a failed call's shape: a 4xx JSON `{statusCode, message}`. */
export function expectError(
  result: { status: number; body: Record<string, unknown> },
  status: number,
  message?: RegExp,
): void {
  if (result.status !== status || result.body.statusCode !== status) {
    throw new Error(`expected ${status}, got ${result.status}: ${JSON.stringify(result.body)}`);
  }
  if (typeof result.body.message !== "string") throw new Error("error without a message");
  if (message && !message.test(result.body.message)) {
    throw new Error(`message ${JSON.stringify(result.body.message)} does not match ${message}`);
  }
}

/** 33 KB of JSON: over the 32 KB body limit. */
export const OVERSIZED_BODY = JSON.stringify({ padding: "x".repeat(33 * 1024) });

type Rows = { rows: Record<string, unknown>[] };

/** The public tables of each database {@link databaseFingerprint} has read. */
const tableNames = new WeakMap<Database, string[]>();

/**
 * A fingerprint of every table of the public schema but `rate_limits` (which counts each request
 * by design): its row count and an md5 of its rows. Equal fingerprints before and after a
 * request mean the request wrote nothing. New tables are included without listing them.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  // the tables are the migrations' (no test creates one): read once per database, one round
  // trip fewer per fingerprint
  let names = tableNames.get(db);
  if (!names) {
    const tables = (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
          order by table_name`,
    )) as unknown as Rows;
    names = tables.rows.map(({ name }) => String(name));
    tableNames.set(db, names);
  }
  // one round trip for all tables
  const parts = names.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.identifier(name)} t`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as Rows;
  return Object.fromEntries(
    result.rows.map((row) => [String(row.name), `${String(row.n)}:${String(row.h)}`]),
  );
}

/** A POST with a raw body and the given headers (no Content-Type unless given). */
export function rawPostRequest(
  path: string,
  body: BodyInit | null,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Pins the clock (Date only) 1 s into the next minute for the rest of the test, so a test that
 * sends a burst of requests stays inside one fixed rate-limit window however slow the machine.
 */
export function pinRateLimitWindow(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
