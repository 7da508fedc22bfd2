// @vitest-environment node
// api-passes: skip (it serves databases of its own: a refused port and a stalled socket)
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { database, serveDatabase } from "../context";
import { apiHandler, DATABASE_UNAVAILABLE } from "./handler";

/**
 * Issue 25: a database that is down or stalled answers 503 JSON within seconds, and reads that
 * do not need it (chain, indexer) keep working: the GET rate limit must not depend on it.
 */
describe("when the database is down or stalled", () => {
  let stalled: net.Server;
  let stalledPort = 0;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    // accepts connections and never answers: a database that hangs
    stalled = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => stalled.listen(0, "127.0.0.1", r));
    stalledPort = (stalled.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.destroy());
    await new Promise((r) => stalled.close(r));
  });

  const serve = async (url: string): Promise<DatabaseHandle> => {
    const handle = await openDatabase({
      databaseUrl: url,
      env: { DATABASE_CONNECT_TIMEOUT_MS: "1500", DATABASE_QUERY_TIMEOUT_MS: "1500" },
    });
    serveDatabase(handle);
    return handle;
  };
  const readsTheDatabase = apiHandler(async () => {
    await (await database()).execute(sql`select 1`);
    return { ok: true };
  });
  const readsTheChain = apiHandler(async () => ({ block: "42" }));
  const get = (path: string) =>
    new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": "203.0.113.9" } });

  it("a database that refuses connections: 503 JSON at once; a chain read still answers 200", async () => {
    const handle = await serve("postgres://postgres@127.0.0.1:1/postgres");
    try {
      const res = await readsTheDatabase(get("/api/x"), {});
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
      expect(res.headers.get("retry-after")).toBe("5");
      const chain = await readsTheChain(get("/api/chain"), {});
      expect(chain.status).toBe(200);
      expect(await chain.json()).toEqual({ block: "42" });
    } finally {
      await handle.close();
    }
  }, 30_000);

  it("a stalled database: 503 within the connect timeout, not for as long as it stalls", async () => {
    const handle = await serve(`postgres://postgres@127.0.0.1:${stalledPort}/postgres`);
    try {
      const started = Date.now();
      const res = await readsTheDatabase(get("/api/x"), {});
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      // reads that need no database are not held up by the rate limit's counter
      const chain = await readsTheChain(get("/api/chain"), {});
      expect(chain.status).toBe(200);
    } finally {
      await handle.close();
    }
  }, 40_000);

  it("while the database is down the read budget still holds per IP (a flood gets 429)", async () => {
    const handle = await serve("postgres://postgres@127.0.0.1:1/postgres");
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++) {
        const r = new Request("http://localhost/api/chain", {
          headers: { "x-forwarded-for": "198.51.100.77" },
        });
        statuses.push((await readsTheChain(r, {})).status);
      }
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(120);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
