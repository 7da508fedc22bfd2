// @vitest-environment node
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  http,
  parseAbi,
  parseEther,
  type Address,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { describe, expect, inject, it } from "vitest";
import { DEFAULT_KSU_PRICE } from "../../../../../scripts/src/chain/deploy";
import { withSnapshot } from "../../../../../scripts/src/fixture/snapshot";
import { deployerAccount } from "../../../../../scripts/src/lib/dev-accounts";
import { deployLocalAmm, routerAbi } from "../swap/local-amm";
import { PriceProvider } from "./prices";

const { rpcUrl, chainId, deployment } = inject("anvil");
const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
const deployer = privateKeyToAccount(deployerAccount.privateKey);
const wallet = createWalletClient({ account: deployer, chain: foundry, transport: http(rpcUrl) });

const feedAbi = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);
const ETH_FEED: Address = "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70";
const NOW_MS = 1_900_000_000_000;

/** A client whose only contract is a Chainlink-style ETH/USD feed (8 decimals) answering `round`. */
function feedClient(round: () => { answer: bigint; updatedAt: bigint }) {
  const calls = { count: 0 };
  const fake = createPublicClient({
    chain: foundry,
    transport: custom({
      async request({ method, params }: { method: string; params: unknown }) {
        if (method === "eth_chainId") return "0x7a69";
        if (method !== "eth_call") throw new Error(`unexpected ${method}`);
        calls.count++;
        const [{ to, data }] = params as [{ to: string; data: `0x${string}` }];
        if (to.toLowerCase() !== ETH_FEED.toLowerCase()) throw new Error("execution reverted");
        const { functionName } = decodeFunctionData({ abi: feedAbi, data });
        if (functionName === "decimals") {
          return encodeFunctionResult({ abi: feedAbi, functionName, result: 8 });
        }
        const { answer, updatedAt } = round();
        return encodeFunctionResult({
          abi: feedAbi,
          functionName: "latestRoundData",
          result: [7n, answer, updatedAt, updatedAt, 7n],
        });
      },
    }),
  }) as PublicClient;
  return { client: fake, calls };
}

function provider(overrides: Partial<ConstructorParameters<typeof PriceProvider>[0]> = {}) {
  return new PriceProvider({
    client,
    chainId,
    productSymbol: "KSU",
    usdc: deployment.usdc,
    ksuLocking: deployment.ksuLocking,
    cacheMs: 0,
    // a loaded test machine: only the timeout test below expects a source to be cut off
    timeoutMs: 20_000,
    ...overrides,
  });
}

describe("price provider", () => {
  it("prices ETH and WETH from the local AMM's quote, and follows the pool when it moves", async () => {
    await withSnapshot(rpcUrl, async () => {
      // 300,000 USDC for 100 ETH: 3,000 USDC per ETH
      const amm = await deployLocalAmm({
        rpcUrl,
        deployerPrivateKey: deployerAccount.privateKey,
        usdc: deployment.usdc,
      });
      const p = provider({ localAmmRouter: amm.router });
      const first = await p.prices(["USDC", "ETH", "weth", "NOPE"]);
      expect(Object.keys(first)).toEqual(["USDC", "ETH", "weth"]);
      expect(first.USDC).toBe(1);
      expect(first.ETH).toBeCloseTo(3000, 0);
      expect(first.weth).toBe(first.ETH);

      // sell 25 ETH into the pool: the price falls (no fixed table)
      const weth = await client.readContract({
        address: amm.router,
        abi: routerAbi,
        functionName: "WETH",
      });
      const hash = await wallet.writeContract({
        address: amm.router,
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [weth, deployment.usdc], deployer.address, 2n ** 40n],
        value: parseEther("25"),
        // the estimate can fall in the same second as the liquidity, when the pair writes no price
        // accumulators; mined a second later it writes them and would run out of gas
        gas: 500_000n,
      });
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
      const after = await p.prices(["ETH"]);
      // 125 ETH against about 240,000 USDC: about 1,920 USDC per ETH
      expect(after.ETH).toBeGreaterThan(1800);
      expect(after.ETH).toBeLessThan(2000);
    });
  });

  it("answers null for ETH without a local AMM or a feed", async () => {
    expect(await provider().prices(["ETH", "WETH", "USDC"])).toEqual({
      ETH: null,
      WETH: null,
      USDC: 1,
    });
  });

  it("prices KSU (the product token) from the locking contract while its price is fresh", async () => {
    await withSnapshot(rpcUrl, async () => {
      const p = provider({ productSymbol: "KSU" });
      expect(await p.prices(["KSU"])).toEqual({ KSU: Number(DEFAULT_KSU_PRICE) / 1e6 });
      const locking = {
        address: deployment.ksuLocking,
        abi: parseAbi([
          "function setKsuPrice(uint256 priceUsdc6)",
          "function maxPriceAge() view returns (uint256)",
        ]),
      } as const;
      const hash = await wallet.writeContract({
        ...locking,
        functionName: "setKsuPrice",
        args: [1_234_567n],
      });
      await client.waitForTransactionReceipt({ hash });
      expect(await p.prices(["ksu"])).toEqual({ ksu: 1.234567 });

      // past the contract's max price age the price is stale: unavailable
      const maxAge = await client.readContract({ ...locking, functionName: "maxPriceAge" });
      const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
      await test.increaseTime({ seconds: Number(maxAge) + 1 });
      await test.mine({ blocks: 1 });
      expect(await p.prices(["KSU"])).toEqual({ KSU: null });
    });
  });

  it("prices ETH and WETH from a configured feed at most 5 minutes old, else null", async () => {
    let round = { answer: 3_210_12345678n, updatedAt: BigInt(NOW_MS / 1000 - 60) };
    const { client: fake } = feedClient(() => round);
    const p = provider({ client: fake, feeds: { ETH: ETH_FEED }, now: () => NOW_MS });
    expect(await p.prices(["ETH", "WETH"])).toEqual({ ETH: 3210.12345678, WETH: 3210.12345678 });

    round = { answer: 3_210_12345678n, updatedAt: BigInt(NOW_MS / 1000 - 301) };
    expect(await p.prices(["ETH", "WETH"])).toEqual({ ETH: null, WETH: null });

    round = { answer: 0n, updatedAt: BigInt(NOW_MS / 1000) };
    expect(await p.prices(["ETH"])).toEqual({ ETH: null });

    // a feed that reverts (wrong address) is unavailable too, and USDC still answers
    const broken = provider({
      client: fake,
      feeds: { ETH: "0x0000000000000000000000000000000000000001" },
      now: () => NOW_MS,
    });
    expect(await broken.prices(["USDC", "ETH"])).toEqual({ USDC: 1, ETH: null });
  });

  it("serves a price from its cache for cacheMs, then reads it again", async () => {
    let now = NOW_MS;
    let answer = 3_000_00000000n;
    const { client: fake, calls } = feedClient(() => ({
      answer,
      updatedAt: BigInt(Math.floor(now / 1000)),
    }));
    const p = provider({ client: fake, feeds: { ETH: ETH_FEED }, now: () => now, cacheMs: 15_000 });
    expect(await p.prices(["ETH", "WETH"])).toEqual({ ETH: 3000, WETH: 3000 });
    const reads = calls.count;
    answer = 3_100_00000000n;
    now += 10_000;
    expect(await p.prices(["ETH"])).toEqual({ ETH: 3000 });
    expect(calls.count).toBe(reads);
    now += 6_000;
    expect(await p.prices(["ETH"])).toEqual({ ETH: 3100 });
  });

  it("answers null, not an error, when the RPC is down or too slow", async () => {
    const down = createPublicClient({
      chain: foundry,
      transport: http("http://127.0.0.1:1", { retryCount: 0 }),
    }) as PublicClient;
    const p = provider({ client: down, localAmmRouter: ETH_FEED });
    expect(await p.prices(["USDC", "ETH", "KSU"])).toEqual({ USDC: 1, ETH: null, KSU: null });

    const slow = createPublicClient({
      chain: foundry,
      transport: custom({ request: () => new Promise(() => undefined) }),
    }) as PublicClient;
    const started = Date.now();
    expect(await provider({ client: slow, timeoutMs: 200 }).prices(["KSU"])).toEqual({
      KSU: null,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
