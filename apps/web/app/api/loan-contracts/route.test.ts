// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLenderAgreement } from "@/server/repositories/lender-agreements";
import { servedChainId } from "@/server/http/chain";
import { call, expectError, getRequest, setupApiTestDatabase } from "@/server/test/harness";
import { GET } from "./route";

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** What the indexer answers: the acceptances the user's deposits carried on chain. */
const indexed = [
  { nftId: "9", signature: "0xbb", depositAmount: "300000000", acceptedAmount: null },
  { nftId: "7", signature: "0xaa", depositAmount: "1000000000", acceptedAmount: "600000000" },
  // an acceptance whose contract this server never stored (another deployment's database)
  { nftId: "5", signature: "0xcc", depositAmount: "1000000", acceptedAmount: "1000000" },
].map((i) => ({ ...i, poolName: "Harbour Invoice Finance", trancheName: "Junior" }));

function stubIndexer() {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    res.writeHead(url.pathname === "/loan-contracts" ? 200 : 404, {
      "content-type": "application/json",
    });
    res.end(
      JSON.stringify(
        url.pathname === "/loan-contracts"
          ? { items: indexed, page: 1, pageSize: 10, total: indexed.length }
          : { statusCode: 404, message: "Not found" },
      ),
    );
  });
  return { server, seen };
}

describe("/api/loan-contracts (the signed contracts a lender's deposits carried)", () => {
  const { db } = setupApiTestDatabase();
  const stub = stubIndexer();
  const previous = process.env.INDEXER_URL;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await new Promise<void>((r) => stub.server.listen(0, "127.0.0.1", r));
    const { port } = stub.server.address() as AddressInfo;
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
    const chainId = servedChainId(undefined);
    const store = async (key: string, address: string, signature: string | null) => {
      const row = await insertLenderAgreement(db(), {
        chainId,
        address: address.toLowerCase(),
        depositAmount: "1000",
        fullName: "Ada Lovelace",
        contractType: "retail",
        contractVersion: "v1",
        contractMessage: "text",
        formattedMessage: "{}",
        timestamp: 1_900_000_000_000 + Object.keys(ids).length,
        acceptanceSignature: signature,
        acceptanceTimestamp: signature ? 1 : null,
        acceptedAt: signature ? new Date() : null,
      });
      ids[key] = row.id;
    };
    await store("aa", USER, "0xAA"); // stored in another case: matched without regard to it
    await store("bb", USER, "0xbb");
    await store("notAccepted", USER, null);
    // another wallet's contract with the same signature bytes is never shown to USER
    await store("otherCc", OTHER, "0xcc");
  });
  afterAll(async () => {
    process.env.INDEXER_URL = previous;
    await new Promise((r) => stub.server.close(r));
  });

  it("lists the user's stored contracts matched to their deposits, newest first", async () => {
    const r = await call(GET, getRequest(`/api/loan-contracts?userAddress=${USER}`));
    expect(r.status).toBe(200);
    expect(stub.seen.at(-1)).toBe(`/loan-contracts?user=${USER.toLowerCase()}&page=1&pageSize=10`);
    expect(r.body).toEqual({
      items: [
        {
          id: ids.bb,
          timestamp: 1_900_000_000_001,
          depositAmount: "300000000",
          acceptedAmount: null,
          nftId: "9",
          poolName: "Harbour Invoice Finance",
          trancheName: "Junior",
        },
        {
          id: ids.aa,
          timestamp: 1_900_000_000_000,
          depositAmount: "1000000000",
          acceptedAmount: "600000000",
          nftId: "7",
          poolName: "Harbour Invoice Finance",
          trancheName: "Junior",
        },
      ],
      page: 1,
      pageSize: 10,
      total: 3,
    });
  });

  it("rejects bad parameters with 400 JSON without asking the indexer", async () => {
    const before = stub.seen.length;
    for (const q of [
      "",
      "userAddress=0x12",
      `userAddress=${USER}&page=0`,
      `userAddress=${USER}&pageSize=51`,
      `userAddress=${USER}&chainId=1`,
      `userAddress=${USER}&extra=1`,
    ]) {
      expectError(await call(GET, getRequest(`/api/loan-contracts?${q}`)), 400);
    }
    expect(stub.seen.length).toBe(before);
  });

  it("answers 503 JSON when the indexer is down", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    process.env.INDEXER_URL = `http://127.0.0.1:${port}`;
    const r = await call(GET, getRequest(`/api/loan-contracts?userAddress=${USER}`));
    expect(r.status).toBe(503);
    expect(String(r.body.message)).toMatch(/loan contracts are unavailable/);
  });
});
