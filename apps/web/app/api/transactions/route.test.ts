// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryTransaction } from "@lending/sdk";
import {
  insertDecisions,
  insertLoanTicket,
  insertNotices,
  insertReturn,
} from "@/server/repositories/loan-tickets";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { GET as csv } from "./csv/route";
import { GET } from "./route";

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** A stand-in for the indexer's API that records what it was asked. */
function stubIndexer(
  data: { items: HistoryTransaction[]; requests: HistoryTransaction[] } = {
    items: [],
    requests: [],
  },
) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/transactions") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          items: data.items,
          page: Number(url.searchParams.get("page")),
          pageSize: Number(url.searchParams.get("pageSize")),
          total: data.items.length,
        }),
      );
    } else if (url.pathname === "/requests") {
      const ids = url.searchParams.get("ids")?.split(",") ?? [];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items: data.requests.filter((r) => ids.includes(r.nftId)) }));
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
    if (previous === undefined) delete process.env.INDEXER_URL;
    else process.env.INDEXER_URL = previous;
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

describe("/api/transactions with the owner's session: borrower decisions", () => {
  const t = setupApiTestDatabase();
  const lender = newAccount();
  const stranger = newAccount();
  const hour = 3_600_000;
  const created = new Date(Date.now() - 20 * hour);
  const sec = (ms: number) => Math.floor(ms / 1000);
  const acceptedAt = sec(created.getTime() - 5 * 24 * hour);
  const event = (type: "Request" | "Accepted", amount: string, timestamp: number) => ({
    id: `0x${"cd".repeat(32)}-${type}`,
    type,
    epochId: "4",
    amount,
    shares: null,
    value: null,
    toTrancheId: null,
    timestamp,
    blockNumber: "10",
    transactionHash: `0x${"cd".repeat(32)}`,
    remainingQueuedAmount: null,
  });
  const deposit: HistoryTransaction = {
    id: "31337-11",
    type: "Deposit",
    nftId: "11",
    owner: lender.address.toLowerCase(),
    poolId: "0",
    poolName: "Harbour Invoice Finance",
    trancheId: 1,
    trancheName: "Mezzanine",
    requestedAmount: "400000000",
    requestedValue: "400000000",
    apy: "0.1",
    fixedTermConfigId: 0,
    fixedTermWeeks: null,
    epochId: "4",
    requestTimestamp: acceptedAt - 86_400,
    requestStatus: "Processed",
    canCancel: false,
    lastTransactionDate: acceptedAt,
    events: [
      event("Request", "400000000", acceptedAt - 86_400),
      event("Accepted", "400000000", acceptedAt),
    ],
    subsequentTransactions: [],
  };
  const forced: HistoryTransaction = {
    ...deposit,
    id: "31337-12",
    type: "Withdrawal",
    nftId: "12",
    requestStatus: "Processed",
    lastTransactionDate: sec(Date.now()) + 60, // paid after the opt-out below
  };
  const stub = stubIndexer({ items: [deposit], requests: [forced] });
  const previous = process.env.INDEXER_URL;
  const path = `/api/transactions?user=${lender.address}`;

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

  it("shows a deposit backing an undecided ticket as Queued, to its owner only", async () => {
    const ticket = await insertLoanTicket(t.db(), {
      chainId: 31337,
      poolId: "0",
      trancheId: "1",
      endBorrowerId: "b-1",
      endBorrowerName: "Acme Ltd",
      assets: "1000",
      createdOn: created,
    });
    const noticeAt = new Date(created.getTime() + 1000);
    await insertNotices(t.db(), ticket.id, [{ address: lender.address, emailSentAt: noticeAt }]);

    const own = await call(GET, getWithCookie(path, await signIn(lender)));
    expect(own.status).toBe(200);
    const [tx] = own.body.items as HistoryTransaction[];
    expect(tx!.requestStatus).toBe("Queued");
    expect(tx!.subsequentTransactions).toEqual([
      {
        timestamp: sec(noticeAt.getTime()),
        action: "emailSent",
        amount: "400000000",
        status: "Pending",
        borrower: "Acme Ltd",
      },
    ]);
    // public: without a session, or with another wallet's, the chain's view only
    for (const r of [
      await call(GET, getRequest(path)),
      await call(GET, getWithCookie(path, await signIn(stranger))),
    ]) {
      expect(r.status).toBe(200);
      expect(r.body.items).toEqual([deposit]);
    }

    // opted out, funds returned by a forced withdrawal the indexer shows paid
    await insertDecisions(t.db(), [
      { ticketId: ticket.id, userAddress: lender.address.toLowerCase(), status: "optedOut" },
    ]);
    await insertReturn(t.db(), {
      ticketId: ticket.id,
      userAddress: lender.address,
      nftId: "12",
      shares: "250",
      holderShares: "1000",
      transactionHash: `0x${"ef".repeat(32)}`,
    });
    const after = await call(GET, getWithCookie(path, await signIn(lender)));
    const [decided] = after.body.items as HistoryTransaction[];
    expect(decided!.requestStatus).toBe("Processed");
    expect(decided!.subsequentTransactions.map((a) => [a.action, a.amount, a.status])).toEqual([
      ["emailSent", "400000000", "Completed"],
      ["optedOut", "400000000", "Completed"],
      ["fundsReturned", "100000000", "Completed"],
    ]);
    expect(decided!.subsequentTransactions.at(-1)!.timestamp).toBe(forced.lastTransactionDate);
    expect(stub.seen.at(-1)).toBe(`/requests?user=${lender.address.toLowerCase()}&ids=12`);
  });
});
