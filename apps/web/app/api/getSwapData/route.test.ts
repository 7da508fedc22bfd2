// @vitest-environment node
import {
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  parseEther,
  publicActions,
} from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getSwapQuote } from "@/server/actions/swap";
import { AggregatorQuoter } from "@/server/swap/quoters";
import { deployLocalAmm, type LocalAmm } from "@/server/swap/local-amm";
import { NATIVE_TOKEN } from "@/server/swap/types";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET } from "./route";

const DEPLOYER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"; // anvil 0

describe("/api/getSwapData on the local Uniswap V2", () => {
  setupApiTestDatabase(); // every GET /api counts against the per-IP limit in the database
  const { rpcUrl, deployment } = inject("anvil");
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  let snapshot: `0x${string}`;
  let amm: LocalAmm;
  const user = newAccount();

  beforeAll(async () => {
    snapshot = await test.snapshot();
    amm = await deployLocalAmm({ rpcUrl, deployerPrivateKey: DEPLOYER, usdc: deployment.usdc });
    process.env.RPC_URL = rpcUrl;
    process.env.LOCAL_AMM_ROUTER = amm.router;
    await test.setBalance({ address: user.address, value: parseEther("10") });
  }, 60_000);
  afterAll(async () => {
    delete process.env.LOCAL_AMM_ROUTER;
    await test.revert({ id: snapshot });
  });

  const query = (over: Record<string, string> = {}) =>
    "/api/getSwapData?" +
    new URLSearchParams({
      chainId: "31337",
      fromToken: NATIVE_TOKEN,
      toToken: deployment.usdc,
      fromAmount: parseEther("1").toString(),
      user: user.address,
      slippage: "1",
      ...over,
    });

  it("quotes ETH to USDC near 3,000 USDC per ETH, and its transaction swaps", async () => {
    const r = await call(GET, getRequest(query()));
    expect(r.status).toBe(200);
    const dst = BigInt(r.body.dstAmount as string);
    expect(dst).toBeGreaterThan(2_900n * 10n ** 6n);
    expect(dst).toBeLessThan(3_000n * 10n ** 6n);
    const tx = r.body.tx as { to: `0x${string}`; data: `0x${string}`; value: string };
    expect(tx.to.toLowerCase()).toBe(amm.router.toLowerCase());
    const wallet = createWalletClient({ account: user, chain: foundry, transport: http(rpcUrl) });
    const hash = await wallet.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
    });
    expect((await test.waitForTransactionReceipt({ hash })).status).toBe("success");
    const balance = await test.readContract({
      address: deployment.usdc,
      abi: parseAbi(["function balanceOf(address) view returns (uint256)"]),
      functionName: "balanceOf",
      args: [user.address],
    });
    expect(balance).toBe(dst);
    const quote = await getSwapQuote({
      chainId: 31337,
      fromToken: deployment.usdc,
      toToken: NATIVE_TOKEN,
      fromAmount: "3000000000",
    });
    expect("dstAmount" in quote && BigInt(quote.dstAmount) > 0n).toBe(true);
  });

  it("a chain whose clock runs weeks ahead (the dev panel) still gets a swap that is not expired", async () => {
    const id = await test.snapshot();
    try {
      await test.increaseTime({ seconds: 30 * 86_400 });
      await test.mine({ blocks: 1 });
      const r = await call(GET, getRequest(query({ fromAmount: parseEther("0.1").toString() })));
      expect(r.status).toBe(200);
      const tx = r.body.tx as { to: `0x${string}`; data: `0x${string}`; value: string };
      const wallet = createWalletClient({ account: user, chain: foundry, transport: http(rpcUrl) });
      const hash = await wallet.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
      });
      expect((await test.waitForTransactionReceipt({ hash })).status).toBe("success");
    } finally {
      await test.revert({ id });
    }
  });

  it("refuses bad queries with a 400 and unquotable pairs with a 422 {error}", async () => {
    const bad: Record<string, string>[] = [
      { fromAmount: "0" },
      { fromAmount: "1.5" },
      { slippage: "51" },
      { user: "0x1" },
      { extra: "1" },
      { chainId: "8453" },
    ];
    for (const over of bad) {
      expectError(await call(GET, getRequest(query(over))), 400);
    }
    const r = await call(
      GET,
      getRequest(query({ toToken: "0x000000000000000000000000000000000000dead" })),
    );
    expectError(r, 422);
    expect(r.body.error).toBe("No liquidity for this pair");
  });

  it("the aggregator adapter speaks the 1inch swap API through an injected fetch", async () => {
    const urls: string[] = [];
    const q = new AggregatorQuoter({
      apiUrl: "https://agg.example/swap/v6.0/",
      apiKey: "k",
      fetch: async (url) => {
        urls.push(url);
        return Response.json({
          dstAmount: "42",
          tx: { to: "0x00000000000000000000000000000000000000aa", data: "0x12", value: "0" },
        });
      },
    });
    const r = await q.quote({
      chainId: 8453,
      fromToken: NATIVE_TOKEN,
      toToken: deployment.usdc,
      fromAmount: 5n,
      user: user.address,
      slippage: 1,
    });
    expect(r).toEqual({
      dstAmount: "42",
      tx: { to: "0x00000000000000000000000000000000000000aa", data: "0x12", value: "0" },
    });
    expect(urls[0]).toMatch(/^https:\/\/agg\.example\/swap\/v6\.0\/8453\/swap\?src=0xe+&dst=0x/);
    expect(urls[0]).toContain("amount=5");
    expect(urls[0]).toContain("slippage=1");
    const failing = new AggregatorQuoter({
      apiUrl: "https://agg.example",
      fetch: async () => Response.json({ description: "insufficient liquidity" }, { status: 400 }),
    });
    await expect(
      failing.quote({
        chainId: 8453,
        fromToken: NATIVE_TOKEN,
        toToken: deployment.usdc,
        fromAmount: 5n,
        user: user.address,
        slippage: 1,
      }),
    ).rejects.toThrow("insufficient liquidity");
  });
});
