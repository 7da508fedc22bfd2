// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, getRequest, setupApiTestDatabase } from "@/server/test/harness";
import { GET } from "./route";

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PAGE = {
  totals: { feesClaimed: "5", bonusClaimed: "0", launchBonus: "100", referralPaid: "0" },
  items: [
    {
      id: "0xab-1",
      kind: "feeShare",
      token: "USDC",
      amount: "5",
      timestamp: 1_800_000_000,
      transactionHash: `0x${"ab".repeat(32)}`,
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
};

describe("/api/rewards (forwarding to the indexer)", () => {
  setupApiTestDatabase();
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(PAGE));
  });
  const previous = process.env.INDEXER_URL;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    process.env.INDEXER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.INDEXER_URL;
    else process.env.INDEXER_URL = previous;
    await new Promise((r) => server.close(r));
  });

  it("forwards a validated page request (lowercase user, page 1 of 10 by default)", async () => {
    const r = await call(GET, getRequest(`/api/rewards?user=${USER}`));
    expect(r.status).toBe(200);
    expect(r.body).toEqual(PAGE);
    expect(seen.at(-1)).toBe(`/rewards?user=${USER.toLowerCase()}&page=1&pageSize=10`);
  });

  it("refuses bad parameters with a 400 without asking the indexer", async () => {
    const before = seen.length;
    for (const q of [
      "",
      "user=0x12",
      `user=${USER}&page=0`,
      `user=${USER}&pageSize=101`,
      `user=${USER}&x=1`,
    ]) {
      expectError(await call(GET, getRequest(`/api/rewards?${q}`)), 400);
    }
    expect(seen.length).toBe(before);
  });

  it("answers 503 JSON when the indexer is down", async () => {
    process.env.INDEXER_URL = "http://127.0.0.1:9";
    const r = await call(GET, getRequest(`/api/rewards?user=${USER}`));
    expect(r.status).toBe(503);
    expect(String(r.body.message)).toMatch(/rewards history is unavailable/);
  });
});
