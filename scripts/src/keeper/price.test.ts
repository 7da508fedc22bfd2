import { ksuAbi, testUsdcAbi } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  parseUnits,
  type Address,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { evmRevert, evmSnapshot } from "../fixture";
import "../fixture/types";
import { demoLenderAccounts, deployerAccount } from "../lib/dev-accounts";
import { parseKeeperConfig } from "./config";
import {
  PriceSourceError,
  priceFromFeedRound,
  twapUsdc6,
  uniswapV2PairAbi,
  UniswapV2TwapSource,
  type BlockRef,
} from "./price";
import { publishReason } from "./price-publisher";

const { rpcUrl, deployment } = inject("anvil");
const publicClient = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const pairAddress = deployment.ksuUsdcPair!;
const pair = { address: pairAddress, abi: uniswapV2PairAbi } as const;
const swapAbi = parseAbi([
  "function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)",
]);
const trader = demoLenderAccounts[3]!;
const walletOf = (key: `0x${string}`) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: foundry,
    transport: http(rpcUrl),
  });
const wallet = walletOf(trader.privateKey);
const deployer = walletOf(deployerAccount.privateKey);

async function rpc(method: string, params: unknown[] = []) {
  await publicClient.request({ method: method as never, params: params as never });
}

/** Mines the next block at exactly `timestamp`; returns it. */
async function mineAt(timestamp: bigint): Promise<BlockRef> {
  await rpc("evm_setNextBlockTimestamp", [Number(timestamp)]);
  await rpc("evm_mine");
  const block = await publicClient.getBlock({ blockTag: "latest" });
  expect(block.timestamp).toBe(timestamp);
  return { number: block.number, timestamp: block.timestamp };
}

/** Buys KSU with `usdc` USDC (minted to the pair) straight on the pair, the swap mined at
 * `timestamp`. */
async function buyKsu(usdc: string, timestamp: bigint) {
  const amountIn = parseUnits(usdc, 6);
  const [token0, [r0, r1]] = await Promise.all([
    publicClient.readContract({ ...pair, functionName: "token0" }),
    publicClient.readContract({ ...pair, functionName: "getReserves" }),
  ]);
  const usdcIs0 = token0.toLowerCase() === deployment.usdc.toLowerCase();
  const [rIn, rOut] = usdcIs0 ? [r0, r1] : [r1, r0];
  const out = (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);
  const minted = await deployer.writeContract({
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [pairAddress, amountIn],
  });
  expect((await publicClient.waitForTransactionReceipt({ hash: minted })).status).toBe("success");
  await rpc("evm_setNextBlockTimestamp", [Number(timestamp)]);
  const swapped = await wallet.writeContract({
    address: pairAddress,
    abi: swapAbi,
    functionName: "swap",
    args: [usdcIs0 ? 0n : out, usdcIs0 ? out : 0n, trader.address, "0x"],
  });
  expect((await publicClient.waitForTransactionReceipt({ hash: swapped })).status).toBe("success");
}

/** KSU's spot price in USDC (float) from the pair's reserves. */
async function spot(): Promise<number> {
  const [token0, [r0, r1]] = await Promise.all([
    publicClient.readContract({ ...pair, functionName: "token0" }),
    publicClient.readContract({ ...pair, functionName: "getReserves" }),
  ]);
  const [usdc, ksu] = token0.toLowerCase() === deployment.usdc.toLowerCase() ? [r0, r1] : [r1, r0];
  return Number(usdc) / 1e6 / (Number(ksu) / 1e18);
}

const source = (windowSeconds = 1800n) =>
  new UniswapV2TwapSource(
    publicClient,
    pairAddress,
    { ksu: deployment.ksu, usdc: deployment.usdc },
    windowSeconds,
  );

describe("KSU price sources", () => {
  let snapshot: string;
  beforeEach(async () => {
    snapshot = await evmSnapshot(rpcUrl);
  });
  afterEach(async () => {
    await evmRevert(rpcUrl, snapshot);
  });

  it("the local deploy's KSU/USDC pair starts at the deploy's KSU price (0.50 USDC)", async () => {
    expect(pairAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const head = await publicClient.getBlock({ blockTag: "latest" });
    const reading = await source().read({ number: head.number, timestamp: head.timestamp });
    expect(reading).toEqual({ priceUsdc6: 500_000n, method: "spot" });
    expect(
      await publicClient.readContract({
        address: deployment.ksu,
        abi: ksuAbi,
        functionName: "balanceOf",
        args: [pairAddress],
      }),
    ).toBe(parseUnits("1000000", 18));
  });

  it("TWAP on a real pair: the first read is the spot price, the next the time-weighted average across a swap", async () => {
    const twap = source();
    const t0 = (await publicClient.getBlock({ blockTag: "latest" })).timestamp + 10n;
    const first = await twap.read(await mineAt(t0));
    expect(first).toEqual({ priceUsdc6: 500_000n, method: "spot" });
    const before = await spot();
    await buyKsu("50000", t0 + 600n); // the price jumps at t0 + 600
    const after = await spot();
    expect(after).toBeGreaterThan(before * 1.15);
    const second = await twap.read(await mineAt(t0 + 1200n)); // 600 s at each price
    expect(second.method).toBe("twap");
    expect(second.windowSeconds).toBe(1200n);
    const expected = (before + after) / 2;
    expect(Math.abs(Number(second.priceUsdc6) / 1e6 - expected)).toBeLessThan(2e-6);
  });

  it("a swap one second before the read moves the TWAP by 1/window of its jump only", async () => {
    const twap = source(1800n);
    const t0 = (await publicClient.getBlock({ blockTag: "latest" })).timestamp + 10n;
    await twap.read(await mineAt(t0));
    await twap.read(await mineAt(t0 + 900n));
    await buyKsu("500000", t0 + 1799n); // the price about quadruples
    const pushed = await spot();
    expect(pushed).toBeGreaterThan(1.5);
    const reading = await twap.read(await mineAt(t0 + 1800n));
    expect(reading.windowSeconds).toBe(1800n);
    const expected = (0.5 * 1799 + pushed * 1) / 1800;
    expect(Math.abs(Number(reading.priceUsdc6) / 1e6 - expected)).toBeLessThan(2e-6);
    expect(Number(reading.priceUsdc6) / 1e6).toBeLessThan(0.502);
  });

  it("refuses a pair that is not KSU/USDC, naming both tokens", async () => {
    const wrong = new UniswapV2TwapSource(
      publicClient,
      pairAddress,
      { ksu: deployment.ksu, usdc: deployment.lendingPoolManager as Address },
      1800n,
    );
    const head = await publicClient.getBlock({ blockTag: "latest" });
    await expect(wrong.read({ number: head.number, timestamp: head.timestamp })).rejects.toThrow(
      PriceSourceError,
    );
    // a token that is no pair at all
    const notPair = new UniswapV2TwapSource(
      publicClient,
      deployment.ksu,
      { ksu: deployment.ksu, usdc: deployment.usdc },
      1800n,
    );
    await expect(notPair.read({ number: head.number, timestamp: head.timestamp })).rejects.toThrow(
      /not a Uniswap V2 pair/,
    );
  });
});

describe("TWAP math", () => {
  it("averages a cumulative that wrapped around 2^256", () => {
    const q = 2n ** 111n; // 0.5 in UQ112x112
    const from = { timestamp: 100n, cumulative: 2n ** 256n - q * 10n };
    const to = { timestamp: 120n, cumulative: q * 10n };
    // 20 s at 0.5 raw USDC per raw KSU unit: 0.5 x 10^18 raw USDC per 18-decimal KSU
    expect(twapUsdc6(from, to, 18n)).toBe(5n * 10n ** 17n);
    expect(() => twapUsdc6(to, to, 18n)).toThrow(PriceSourceError);
  });
});

describe("feed answers", () => {
  const now = 1_000_000n;
  const fresh = (answer: bigint) => ({ answer, updatedAt: now - 60n });

  it("converts the feed's decimals to USDC's 6", () => {
    expect(priceFromFeedRound(fresh(50_000_000n), 8, now, 3600n)).toBe(500_000n);
    expect(priceFromFeedRound(fresh(5n * 10n ** 17n), 18, now, 3600n)).toBe(500_000n);
    expect(priceFromFeedRound(fresh(5_000n), 4, now, 3600n)).toBe(500_000n);
  });

  it("refuses a zero, negative or stale answer, and one never updated", () => {
    expect(() => priceFromFeedRound(fresh(0n), 8, now, 3600n)).toThrow(PriceSourceError);
    expect(() => priceFromFeedRound(fresh(-1n), 8, now, 3600n)).toThrow(/answered -1/);
    expect(() =>
      priceFromFeedRound({ answer: 50_000_000n, updatedAt: now - 3601n }, 8, now, 3600n),
    ).toThrow(/stale/);
    expect(() => priceFromFeedRound({ answer: 50_000_000n, updatedAt: 0n }, 8, now, 3600n)).toThrow(
      /stale/,
    );
    expect(() => priceFromFeedRound(fresh(1n), 18, now, 3600n)).toThrow(/rounds to 0/);
  });
});

describe("when the keeper publishes", () => {
  const base = {
    publishedSinceStart: true,
    onChain: { priceUsdc6: 500_000n, updatedAt: 1000n },
    candidate: 500_000n,
    now: 1000n,
    refreshSeconds: 151_200n,
    maxMovePpm: 20_000n,
  };

  it("at start, when unset, when older than the refresh interval, or moved past the threshold", () => {
    expect(publishReason(base)).toBeUndefined();
    expect(publishReason({ ...base, publishedSinceStart: false })).toBe("start");
    expect(publishReason({ ...base, onChain: { priceUsdc6: 0n, updatedAt: 0n } })).toBe("unset");
    expect(publishReason({ ...base, now: 1000n + 151_199n })).toBeUndefined();
    expect(publishReason({ ...base, now: 1000n + 151_200n })).toBe("age");
    expect(publishReason({ ...base, candidate: 510_000n })).toBeUndefined(); // 2.0 %
    expect(publishReason({ ...base, candidate: 510_001n })).toBe("moved");
    expect(publishReason({ ...base, candidate: 489_999n })).toBe("moved");
  });
});

describe("KSU price configuration", () => {
  it("names KSU_PRICE_SOURCE when it is malformed, and requires it off the local chain", () => {
    expect(() => parseKeeperConfig({ KSU_PRICE_SOURCE: "twap:0x1234" })).toThrow(
      /KSU_PRICE_SOURCE: must be uniswap-v2:<pair address>, feed:<aggregator address> or none/,
    );
    expect(() => parseKeeperConfig({ KSU_PRICE_SOURCE: "feed:0xnothex" })).toThrow(
      /KSU_PRICE_SOURCE: .*is not an address/,
    );
    const key = `0x${"11".repeat(32)}`;
    expect(() =>
      parseKeeperConfig({ CHAIN_ID: "8453", KEEPER_PRIVATE_KEY: key, RPC_URL: "https://x.org" }),
    ).toThrow(/KSU_PRICE_SOURCE: is required when CHAIN_ID is not 31337/);
    expect(() => parseKeeperConfig({ KSU_PRICE_MAX_MOVE: "2" })).toThrow(/KSU_PRICE_MAX_MOVE/);
    expect(() => parseKeeperConfig({ KSU_PRICE_REFRESH_S: "10" })).toThrow(/KSU_PRICE_REFRESH_S/);
  });

  it("reads the three source kinds, and defaults to the local pair (unset)", () => {
    const feed = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    expect(
      parseKeeperConfig({ KSU_PRICE_SOURCE: `feed:${feed.toLowerCase()}` }).priceSource,
    ).toEqual({ kind: "feed", feed });
    expect(parseKeeperConfig({ KSU_PRICE_SOURCE: `uniswap-v2:${feed}` }).priceSource).toEqual({
      kind: "uniswap-v2",
      pair: feed,
    });
    expect(parseKeeperConfig({ KSU_PRICE_SOURCE: "none" }).priceSource).toEqual({ kind: "none" });
    const defaults = parseKeeperConfig({});
    expect(defaults.priceSource).toBeUndefined();
    expect(defaults.priceMaxMovePpm).toBe(20_000n);
  });
});
