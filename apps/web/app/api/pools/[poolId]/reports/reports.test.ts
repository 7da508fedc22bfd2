// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv, type PoolEpoch, type PoolTransaction } from "@lending/sdk";
import { kycRecords } from "@/server/db/schema";
import { readRateLimit } from "@/server/services/rate-limit";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import {
  expectError,
  getRequest,
  pinRateLimitWindow,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET as balance } from "./balance/route";
import { GET as repayments } from "./repayments/route";
import { GET as transactions } from "./transactions/route";

const LENDER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
type Handler = typeof transactions;

const event = (i: number, over: Partial<PoolTransaction> = {}): PoolTransaction => ({
  id: `e${i}`,
  timestamp: 1_800_000_000 + i,
  epoch: "2",
  nftId: String(i),
  kind: "Deposit",
  type: "Request",
  owner: LENDER,
  trancheName: "Junior",
  toTrancheName: null,
  amount: "100000000",
  shares: null,
  value: null,
  transactionHash: `0x${"ab".repeat(32)}`,
  ...over,
});

const EPOCH: PoolEpoch = {
  epoch: "2",
  timestamp: 1_800_000_000,
  interest: "1000000",
  fee: "100000",
  depositsAccepted: "100000000",
  withdrawalsPaid: "0",
  drawnPrincipal: "50000000",
  transactionHash: `0x${"cd".repeat(32)}`,
  tranches: [
    {
      trancheId: "0",
      trancheName: "@Junior",
      epochInterestRate: "2000000000000000",
      assetsPerShare: "1000000000000",
      totalAssets: "100000000",
      capacity: "500000000",
    },
  ],
};

/**
 * A stand-in for the indexer: `/pool-transactions` answers `events` a page at a time (or says
 * there is always more), `/pool-epochs` one clearing. Records what it was asked.
 */
function stubIndexer() {
  const state = { events: [event(1)], endless: false, seen: [] as string[] };
  const server: Server = createServer((req, res) => {
    state.seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    if (url.pathname === "/pool-transactions") {
      const page = Number(url.searchParams.get("page"));
      const pageSize = Number(url.searchParams.get("pageSize"));
      const items = state.endless ? [event(page)] : page === 1 ? state.events : [];
      res.end(JSON.stringify({ items, page, pageSize, hasMore: state.endless }));
    } else if (url.pathname === "/pool-epochs") {
      res.end(
        JSON.stringify({ poolId: url.searchParams.get("pool"), poolName: "P", items: [EPOCH] }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ statusCode: 404, message: "Not found" }));
    }
  });
  return { server, state };
}

const ctx = (poolId: string) => ({ params: Promise.resolve({ poolId }) });
const get = (handler: Handler, poolId: string, query = "") =>
  handler(getRequest(`/api/pools/${poolId}/reports/x${query}`), ctx(poolId));
const json = async (r: Response) => ({ status: r.status, body: await r.json() });

describe("/api/pools/{poolId}/reports (public CSV reports)", () => {
  const t = setupApiTestDatabase();
  const stub = stubIndexer();
  const previous = process.env.INDEXER_URL;

  beforeAll(async () => {
    await new Promise<void>((r) => stub.server.listen(0, "127.0.0.1", r));
    const { port } = stub.server.address() as AddressInfo;
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.INDEXER_URL;
    else process.env.INDEXER_URL = previous;
    await new Promise((r) => stub.server.close(r));
  });

  it("answers a malformed pool id with 400 JSON and an unknown pool with 404 JSON, asking the indexer nothing", async () => {
    const before = stub.state.seen.length;
    for (const handler of [transactions, balance, repayments]) {
      for (const bad of ["abc", "-1", "01", "1.5", "0x1", "99999999999", " 1"]) {
        expectError(await json(await get(handler, bad)), 400, /poolId must be a pool id/);
      }
      expectError(await json(await get(handler, "9999")), 404, /No pool has id 9999/);
      expectError(await json(await get(handler, "0", "?extra=1")), 400);
    }
    expectError(await json(await get(transactions, "0", "?page=0")), 400);
    expect(stub.state.seen.length).toBe(before);
  });

  it("lets a stranger (no session) download the investor transactions: addresses as on chain, nothing personal", async () => {
    await t.db().insert(kycRecords).values({
      address: LENDER,
      status: "Active",
      entityType: "individual",
      fullName: "Alice Privatename",
      email: "alice.private@example.com",
      provider: "local",
    });
    stub.state.events = [
      event(1),
      event(2, { kind: "Withdrawal", type: "Request", amount: "5000000000000", value: "5100000" }),
    ];
    const res = await get(transactions, "0");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="pool-0-investor-transactions.csv"',
    );
    expect(res.headers.get("link")).toBeNull();
    const text = await res.text();
    expect(text).not.toMatch(/Alice|Privatename|example\.com/i);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("Lender address");
    expect(rows.slice(1).map((r) => r[5])).toEqual([LENDER, LENDER]);
    expect(rows[2]!.slice(8, 11)).toEqual(["5", "Shares", "5.1"]);
  });

  it("neutralises formula cells in every report (on-chain names are free text)", async () => {
    stub.state.events = [event(1, { trancheName: '=HYPERLINK("http://evil","x")' })];
    const tx = parseCsv(await (await get(transactions, "0")).text());
    expect(tx[1]![6]).toBe(`'=HYPERLINK("http://evil","x")`);
    const bal = parseCsv(await (await get(balance, "0")).text());
    expect(bal[0]).toContain("'@Junior value (USDC)");
    expect(bal[1]!.slice(0, 6)).toEqual([
      "2",
      "2027-01-15T08:00:00.000Z",
      "100",
      "500",
      "50",
      "50.00",
    ]);
  });

  it("reads the indexer a bounded number of pages per file and names the next part", async () => {
    stub.state.endless = true;
    try {
      const before = stub.state.seen.length;
      const res = await get(transactions, "1");
      expect(res.status).toBe(200);
      const asked = stub.state.seen.slice(before);
      expect(asked).toHaveLength(10);
      expect(asked[0]).toBe("/pool-transactions?pool=1&page=1&pageSize=1000");
      expect(res.headers.get("link")).toBe(
        '</api/pools/1/reports/transactions?page=2>; rel="next"',
      );
      const part2 = await get(transactions, "1", "?page=2");
      expect(stub.state.seen.at(-10)).toBe("/pool-transactions?pool=1&page=11&pageSize=1000");
      expect(part2.headers.get("content-disposition")).toContain("part-2");
    } finally {
      stub.state.endless = false;
    }
  });

  it("serves the repayment table from the chain (the header alone before anything is published)", async () => {
    const res = await get(repayments, "0");
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      "Epoch",
      "Epoch start (UTC)",
      "Opening loan balance (USDC)",
      "New funding drawdowns (USDC)",
      "Principal and interest repayments (USDC)",
      "Closing loan balance (USDC)",
      "Interest payment component (USDC)",
      "Arrears (USDC)",
      "Unrecoverable losses (USDC)",
    ]);
  });

  it("answers 503 JSON when the indexer is down", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const saved = process.env.INDEXER_URL;
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
    try {
      expectError(await json(await get(transactions, "0")), 503);
      expectError(await json(await get(balance, "0")), 503);
    } finally {
      process.env.INDEXER_URL = saved;
    }
  });

  it("counts against the public GET budget per client (429 past it)", async () => {
    pinRateLimitWindow();
    let last = 0;
    for (let i = 0; i <= readRateLimit().limit; i++) last = (await get(balance, "x")).status;
    expect(last).toBe(429);
  });

  it("a deployment's RATE_LIMIT_READS_PER_MINUTE is the GET budget", async () => {
    pinRateLimitWindow();
    const saved = process.env.RATE_LIMIT_READS_PER_MINUTE;
    process.env.RATE_LIMIT_READS_PER_MINUTE = "3";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const request = getRequest("/api/pools/x/reports/x", {
          [PEER_ADDRESS_HEADER]: "203.0.113.7",
        });
        statuses.push((await balance(request, ctx("x"))).status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_READS_PER_MINUTE;
      else process.env.RATE_LIMIT_READS_PER_MINUTE = saved;
    }
  });
});
