// @vitest-environment node
import { afterEach, describe, expect, inject, it } from "vitest";
import { call, expectError, getRequest, setupApiTestDatabase } from "@/server/test/harness";
import { DEFAULT_KSU_PRICE } from "../../../../../scripts/src/chain/deploy";
import { withSnapshot } from "../../../../../scripts/src/fixture/snapshot";
import { deployerAccount } from "../../../../../scripts/src/lib/dev-accounts";
import { deployLocalAmm } from "@/server/swap/local-amm";
import { GET } from "./route";
import { ksuLockingAbi, readLockingOverview } from "@lending/sdk";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const KSU = Number(DEFAULT_KSU_PRICE) / 1e6;
const CHANGED = ["LOCAL_AMM_ROUTER", "PRICE_FEEDS", "PRODUCT_SYMBOL", "RPC_URL"] as const;

describe("GET /api/token", () => {
  setupApiTestDatabase();
  const { rpcUrl, deployment } = inject("anvil");
  afterEach(() => {
    for (const name of CHANGED) delete process.env[name];
    process.env.RPC_URL = rpcUrl;
  });

  it("answers USDC 1, ETH and WETH from the local AMM, KSU from the locking contract", async () => {
    await withSnapshot(rpcUrl, async () => {
      const amm = await deployLocalAmm({
        rpcUrl,
        deployerPrivateKey: deployerAccount.privateKey,
        usdc: deployment.usdc,
      });
      process.env.LOCAL_AMM_ROUTER = amm.router;
      const r = await call(GET, getRequest("/api/token?tokens=USDC,ETH,WETH,KSU,NOPE"));
      expect(r.status).toBe(200);
      const body = r.body as Record<string, number | null>;
      expect(Object.keys(body)).toEqual(["USDC", "ETH", "WETH", "KSU"]);
      expect(body.USDC).toBe(1);
      expect(body.ETH).toBeCloseTo(3000, 0);
      expect(body.WETH).toBe(body.ETH);
      expect(body.KSU).toBe(KSU);
    });
  });

  it("answers the locking contract's KSU price at the same block as the loyalty levels use", async () => {
    await withSnapshot(rpcUrl, async () => {
      const client = createPublicClient({ transport: http(rpcUrl) });
      const admin = createWalletClient({
        account: privateKeyToAccount(deployerAccount.privateKey),
        transport: http(rpcUrl),
      });
      const hash = await admin.writeContract({
        address: deployment.ksuLocking,
        abi: ksuLockingAbi,
        functionName: "setKsuPrice",
        args: [1_234_567n],
        chain: null,
      });
      await client.waitForTransactionReceipt({ hash });
      // a product symbol of its own: a provider with a fresh cache
      process.env.PRODUCT_SYMBOL = "LOCKP";
      const block = await client.getBlockNumber({ cacheTime: 0 });
      const r = await call(GET, getRequest("/api/token?tokens=LOCKP"));
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block);
      const [onChain] = await client.readContract({
        address: deployment.ksuLocking,
        abi: ksuLockingAbi,
        functionName: "ksuPrice",
        blockNumber: block,
      });
      const overview = await readLockingOverview(client, deployment, deployerAccount.address);
      expect(overview.blockNumber).toBe(block);
      expect(overview.ksuPrice.priceUsdc).toBe(onChain);
      expect(r.body).toEqual({ LOCKP: Number(onChain) / 1e6 });
      expect(r.body).toEqual({ LOCKP: 1.234567 });
    });
  });

  it("prices the configured product symbol, not a fixed KSU", async () => {
    process.env.PRODUCT_SYMBOL = "TKN";
    const r = await call(GET, getRequest("/api/token?tokens=TKN,KSU"));
    expect(r).toEqual({ status: 200, body: { TKN: KSU } });
  });

  it("answers null, never a 500, when a source fails", async () => {
    // a feed address without code: its reads fail
    process.env.PRICE_FEEDS = "ETH:0x000000000000000000000000000000000000dEaD";
    expect(await call(GET, getRequest("/api/token?tokens=USDC,ETH,WETH,KSU"))).toEqual({
      status: 200,
      body: { USDC: 1, ETH: null, WETH: null, KSU },
    });
    // the RPC is down: every on-chain price is unavailable, USDC still 1
    process.env.RPC_URL = "http://127.0.0.1:1";
    expect(await call(GET, getRequest("/api/token?tokens=USDC,ETH,KSU"))).toEqual({
      status: 200,
      body: { USDC: 1, ETH: null, KSU: null },
    });
  });

  it("refuses bad symbol lists with a 400", async () => {
    expectError(await call(GET, getRequest("/api/token")), 400);
    expectError(await call(GET, getRequest("/api/token?tokens=,,")), 400);
    expectError(await call(GET, getRequest("/api/token?tokens=ETH;DROP")), 400);
  });
});
