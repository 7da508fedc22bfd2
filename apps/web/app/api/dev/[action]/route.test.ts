// @vitest-environment node
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ksuAbi, lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import { createTestClient, http, publicActions } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_FUNDING, demoControlsOffered } from "@/server/dev/demo-controls";
import { initialEpochTimes } from "@/server/services/initial-reads";
import {
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET, POST } from "./route";

async function call(
  handler: typeof POST,
  action: string,
  request: Request,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await handler(request, { params: Promise.resolve({ action }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/dev/[action] (demo controls)", () => {
  setupApiTestDatabase();
  const { rpcUrl, deployment } = inject("anvil");
  const chain = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  let snapshot: `0x${string}`;
  beforeAll(async () => {
    snapshot = await chain.snapshot();
  });
  afterAll(async () => {
    await chain.revert({ id: snapshot });
  });

  it("moves the chain's clock to the next clearing period, then to the next epoch", async () => {
    // a page rendered just before the move (its chain reads are shared for a few seconds)
    expect((await initialEpochTimes())?.data.isClearingPeriod).toBe(false);
    const clearingAt = await chain.readContract({
      ...lpm,
      functionName: "nextClearingPeriodStart",
    });
    const moved = await call(POST, "clearing", postRequest("/api/dev/clearing", {}));
    expect(moved.status).toBe(200);
    expect(BigInt(moved.body.chainTime as number)).toBe(clearingAt);
    expect(await chain.readContract({ ...lpm, functionName: "isClearingPeriod" })).toBe(true);
    // the next page shows the moved clock, not the shared read of before the move
    expect((await initialEpochTimes())?.data.isClearingPeriod).toBe(true);

    const epoch = await chain.readContract({ ...lpm, functionName: "currentEpoch" });
    const next = await call(POST, "next-epoch", postRequest("/api/dev/next-epoch", {}));
    expect(next.status).toBe(200);
    expect(await chain.readContract({ ...lpm, functionName: "currentEpoch" })).toBe(epoch + 1n);
    expect(await chain.readContract({ ...lpm, functionName: "isClearingPeriod" })).toBe(false);
    expect((await initialEpochTimes())?.data.isClearingPeriod).toBe(false);
  });

  it("funds a wallet with test USDC, KSU and ETH", async () => {
    const { address } = newAccount();
    const result = await call(POST, "fund", postRequest("/api/dev/fund", { address }));
    expect(result.status).toBe(200);
    expect(result.body.usdc).toMatch(/^0x[0-9a-f]{64}$/);
    const usdc = await chain.readContract({
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "balanceOf",
      args: [address],
    });
    const ksu = await chain.readContract({
      address: deployment.ksu,
      abi: ksuAbi,
      functionName: "balanceOf",
      args: [address],
    });
    expect(usdc).toBe(DEMO_FUNDING.usdc);
    expect(ksu).toBe(DEMO_FUNDING.ksu);
    expect(await chain.getBalance({ address })).toBe(DEMO_FUNDING.eth);
  });

  it("refuses a bad address, an unknown action and other methods, changing nothing", async () => {
    const block = await chain.getBlockNumber();
    expectError(
      await call(POST, "fund", postRequest("/api/dev/fund", { address: "0x12" })),
      400,
      /address/,
    );
    expectError(await call(POST, "fund", postRequest("/api/dev/fund", {})), 400);
    expectError(await call(POST, "mint-everything", postRequest("/api/dev/x", {})), 404);
    expectError(await call(GET, "clearing", getRequest("/api/dev/clearing")), 405);
    expect(await chain.getBlockNumber()).toBe(block);
  });

  it("refuses to fund the zero address with a clear 400 (not a misleading 503), sending nothing", async () => {
    const block = await chain.getBlockNumber();
    expectError(
      await call(POST, "fund", postRequest("/api/dev/fund", { address: `0x${"0".repeat(40)}` })),
      400,
      /address: must not be the zero address/,
    );
    expect(await chain.getBlockNumber()).toBe(block);
  });

  it("refuses a default it cannot play (bad body, more loss than the pool holds), sending nothing", async () => {
    const block = await chain.getBlockNumber();
    const play = (body: unknown) => call(POST, "default", postRequest("/api/dev/default", body));
    expectError(await play({ poolId: "x", amount: "10" }), 400, /poolId/);
    expectError(await play({ poolId: "0", amount: "0" }), 400, /amount/);
    expectError(await play({ poolId: "0", amount: "1.1234567" }), 400, /amount/);
    expectError(await play({ poolId: "0" }), 400);
    expectError(await play({ poolId: "99", amount: "10" }), 400, /Pool 99 does not exist/);
    expectError(await play({ poolId: "1", amount: "999999999" }), 400, /lend more first/);
    expect(await chain.getBlockNumber()).toBe(block);
  });

  it("moves the clock only for a JSON request: a cross-site form post changes nothing", async () => {
    const time = (await chain.getBlock()).timestamp;
    const form = new Request("http://localhost/api/dev/next-epoch", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "",
    });
    expectError(await call(POST, "next-epoch", form), 415);
    expect((await chain.getBlock()).timestamp).toBe(time);
  });

  it("does not exist when the RPC is not a local anvil, even with CHAIN_ID 31337", async () => {
    // a production node behind a server that forgot CHAIN_ID (which defaults to 31337)
    const node = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        const result = method === "eth_chainId" ? "0x7a69" : "Geth/v1.14.0";
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
      });
    });
    await new Promise<void>((r) => node.listen(0, "127.0.0.1", r));
    const saved = process.env.RPC_URL;
    process.env.RPC_URL = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    try {
      // pages do not offer the dev panel either; a real anvil does get it
      expect(await demoControlsOffered({ rpcUrl: process.env.RPC_URL, chainId: 31337 })).toBe(
        false,
      );
      expect(await demoControlsOffered({ rpcUrl, chainId: 31337 })).toBe(true);
      expect(await demoControlsOffered({ rpcUrl, chainId: 84532 })).toBe(false);
      expectError(await call(POST, "clearing", postRequest("/api/dev/clearing", {})), 404);
      const { address } = newAccount();
      expectError(await call(POST, "fund", postRequest("/api/dev/fund", { address })), 404);
    } finally {
      process.env.RPC_URL = saved;
      await new Promise((r) => node.close(r));
    }
  });

  it("does not exist off the local chain", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      CHAIN_ID: "84532",
      APP_URL: "https://app.example.org/",
      INDEXER_URL: "https://indexer.example.org/",
      KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
    });
    try {
      const block = await chain.getBlockNumber();
      expectError(await call(POST, "clearing", postRequest("/api/dev/clearing", {})), 404);
      const { address } = newAccount();
      expectError(await call(POST, "fund", postRequest("/api/dev/fund", { address })), 404);
      expectError(await call(GET, "clearing", getRequest("/api/dev/clearing")), 404);
      expect(await chain.getBlockNumber()).toBe(block);
    } finally {
      for (const key of ["CHAIN_ID", "APP_URL", "INDEXER_URL", "KYC_SIGNER_PRIVATE_KEY"]) {
        delete process.env[key];
      }
      Object.assign(process.env, saved);
    }
  });
});
