// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, getRequest, setupApiTestDatabase } from "@/server/test/harness";
import { GET as csv } from "./csv/route";
import { GET } from "./route";

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** A stand-in for the indexer's API that records what it was asked. */
function stubIndexer() {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/transactions") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          items: [],
          page: Number(url.searchParams.get("page")),
          pageSize: Number(url.searchParams.get("pageSize")),
          total: 0,
        }),
      );
    } else if (url.pathname === "/transactions.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end('Type,Pool\r\nDeposit,"a,b"\r\n');
    } else {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ statusCode: 404, message: "Not found" }));
    }
  });
  return { server, seen };
}

describe("/api/transactions (forwarding to the indexer)", () => {
  setupApiTestDatabase();
  const stub = stubIndexer();
  const previous = process.env.INDEXER_URL;

  beforeAll(async () => {
    await new Promise<void>((r) => stub.server.listen(0, "127.0.0.1", r));
    const { port } = stub.server.address() as AddressInfo;
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    process.env.INDEXER_URL = previous;
    await new Promise((r) => stub.server.close(r));
  });

  it("forwards a validated page request (lowercase user, defaults page 1 and pageSize 10)", async () => {
    const r = await call(GET, getRequest(`/api/transactions?user=${USER}`));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [], page: 1, pageSize: 10, total: 0 });
    expect(stub.seen.at(-1)).toBe(`/transactions?user=${USER.toLowerCase()}&page=1&pageSize=10`);
    const p = await call(GET, getRequest(`/api/transactions?user=${USER}&page=3&pageSize=100`));
    expect(p.body).toMatchObject({ page: 3, pageSize: 100 });
  });

  it("rejects bad parameters with 400 JSON without asking the indexer", async () => {
    const before = stub.seen.length;
    for (const q of [
      "",
      "user=0x12",
      `user=${USER}&page=0`,
      `user=${USER}&page=-1`,
      `user=${USER}&page=1.5`,
      `user=${USER}&pageSize=0`,
      `user=${USER}&pageSize=101`,
      `user=${USER}&extra=1`,
    ]) {
      expectError(await call(GET, getRequest(`/api/transactions?${q}`)), 400);
    }
    expectError(await call(csv, getRequest(`/api/transactions/csv?user=nope`)), 400);
    expect(stub.seen.length).toBe(before);
  });

  it("serves the CSV download as the indexer wrote it", async () => {
    const res = await csv(getRequest(`/api/transactions/csv?user=${USER}`), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(await res.text()).toBe('Type,Pool\r\nDeposit,"a,b"\r\n');
  });

  it("answers 503 JSON when the indexer is down", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
    const r = await call(GET, getRequest(`/api/transactions?user=${USER}`));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ statusCode: 503 });
    expect(String(r.body.message)).toMatch(/unavailable/);
    const c = await call(csv, getRequest(`/api/transactions/csv?user=${USER}`));
    expect(c.status).toBe(503);
  });
});
