/**
 * The KSU price sources the keeper publishes from (KsuLocking.setKsuPrice, docs/protocol.md
 * "The KSU price: a live source, a bounded age"): a TWAP of a KSU/USDC Uniswap V2 pair, or a
 * Chainlink-style feed. Prices are USDC units (6 decimals) per whole KSU, read at a given block.
 */
import { erc20Abi, parseAbi, type Address, type PublicClient } from "viem";
import type { PriceSourceSpec } from "./price-source-spec";

/** A source could not give a price it trusts (stale feed, empty pair, not a KSU/USDC pair...). */
export class PriceSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PriceSourceError";
  }
}

/** The block a price is read at. */
export type BlockRef = { number: bigint; timestamp: bigint };

export type PriceReading = {
  priceUsdc6: bigint;
  /** twap: over `windowSeconds`; spot: the pair's reserves (first observation); feed: its answer */
  method: "twap" | "spot" | "feed";
  windowSeconds?: bigint;
};

export interface KsuPriceSource {
  readonly description: string;
  read(block: BlockRef): Promise<PriceReading>;
  /** Forgets past observations (the chain was rewound). */
  reset(): void;
}

const USDC_DECIMALS = 6n;
const Q112 = 2n ** 112n;
const U256 = 2n ** 256n;
const U32 = 2n ** 32n;

export const uniswapV2PairAbi = parseAbi([
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function price0CumulativeLast() view returns (uint256)",
  "function price1CumulativeLast() view returns (uint256)",
]);

export const aggregatorV3Abi = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

/** One observation of a pair: the cumulative price of KSU in USDC (UQ112x112 x seconds). */
export type Observation = { timestamp: bigint; cumulative: bigint };

/**
 * The pair's cumulative price of token0 (in token1) and of token1 (in token0) as of `timestamp`,
 * counting the time since the pair's last update at its current reserves (what Uniswap's
 * `UniswapV2OracleLibrary.currentCumulativePrices` does), so no swap is needed to observe.
 */
export function currentCumulatives(
  state: {
    reserve0: bigint;
    reserve1: bigint;
    blockTimestampLast: bigint;
    price0CumulativeLast: bigint;
    price1CumulativeLast: bigint;
  },
  timestamp: bigint,
): { price0: bigint; price1: bigint } {
  let { price0CumulativeLast: price0, price1CumulativeLast: price1 } = state;
  const elapsed = ((((timestamp % U32) - state.blockTimestampLast) % U32) + U32) % U32;
  if (elapsed > 0n && state.reserve0 > 0n && state.reserve1 > 0n) {
    price0 = (price0 + ((state.reserve1 * Q112) / state.reserve0) * elapsed) % U256;
    price1 = (price1 + ((state.reserve0 * Q112) / state.reserve1) * elapsed) % U256;
  }
  return { price0, price1 };
}

/** The average price between two observations, in USDC units (6 decimals) per whole KSU. */
export function twapUsdc6(from: Observation, to: Observation, ksuDecimals: bigint): bigint {
  const seconds = to.timestamp - from.timestamp;
  if (seconds <= 0n) throw new PriceSourceError("a TWAP needs two observations apart in time");
  // cumulatives wrap around 2^256 by design: the difference modulo 2^256 is still right
  const average = ((((to.cumulative - from.cumulative) % U256) + U256) % U256) / seconds;
  // to the nearest unit: UQ112x112's own rounding down must not turn 0.50 into 0.499999
  return (average * 10n ** ksuDecimals + Q112 / 2n) / Q112;
}

/**
 * A time-weighted average of a KSU/USDC Uniswap V2 pair. Each read observes the pair's
 * cumulative price; the price is the average since the newest observation at least `windowSeconds`
 * old (the oldest one while none is that old yet). The very first read has nothing to average
 * over: it falls back to the spot price of the reserves, the only time this source uses a price a
 * single swap can move.
 */
export class UniswapV2TwapSource implements KsuPriceSource {
  readonly description: string;
  private observations: Observation[] = [];
  private layout?: { ksuIsToken0: boolean; ksuDecimals: bigint };

  constructor(
    private readonly client: PublicClient,
    private readonly pair: Address,
    private readonly tokens: { ksu: Address; usdc: Address },
    private readonly windowSeconds: bigint,
  ) {
    this.description = `uniswap-v2:${pair}`;
  }

  reset(): void {
    this.observations = [];
  }

  private async loadLayout() {
    if (this.layout) return this.layout;
    const pair = { address: this.pair, abi: uniswapV2PairAbi } as const;
    const [token0, token1] = await Promise.all([
      this.client.readContract({ ...pair, functionName: "token0" }),
      this.client.readContract({ ...pair, functionName: "token1" }),
    ]).catch(() => {
      throw new PriceSourceError(`${this.pair} is not a Uniswap V2 pair`);
    });
    const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
    const ksuIsToken0 = same(token0, this.tokens.ksu) && same(token1, this.tokens.usdc);
    if (!ksuIsToken0 && !(same(token1, this.tokens.ksu) && same(token0, this.tokens.usdc))) {
      throw new PriceSourceError(
        `${this.pair} pairs ${token0} and ${token1}, not KSU ${this.tokens.ksu} and USDC ${this.tokens.usdc}`,
      );
    }
    const [ksuDecimals, usdcDecimals] = await Promise.all([
      this.client.readContract({
        address: this.tokens.ksu,
        abi: erc20Abi,
        functionName: "decimals",
      }),
      this.client.readContract({
        address: this.tokens.usdc,
        abi: erc20Abi,
        functionName: "decimals",
      }),
    ]);
    if (BigInt(usdcDecimals) !== USDC_DECIMALS) {
      throw new PriceSourceError(`USDC ${this.tokens.usdc} has ${usdcDecimals} decimals, not 6`);
    }
    this.layout = { ksuIsToken0, ksuDecimals: BigInt(ksuDecimals) };
    return this.layout;
  }

  async read(block: BlockRef): Promise<PriceReading> {
    const { ksuIsToken0, ksuDecimals } = await this.loadLayout();
    const pair = { address: this.pair, abi: uniswapV2PairAbi, blockNumber: block.number } as const;
    const [[reserve0, reserve1, blockTimestampLast], price0CumulativeLast, price1CumulativeLast] =
      await Promise.all([
        this.client.readContract({ ...pair, functionName: "getReserves" }),
        this.client.readContract({ ...pair, functionName: "price0CumulativeLast" }),
        this.client.readContract({ ...pair, functionName: "price1CumulativeLast" }),
      ]);
    if (reserve0 === 0n || reserve1 === 0n) {
      throw new PriceSourceError(`the pair ${this.pair} has no liquidity`);
    }
    const cumulatives = currentCumulatives(
      {
        reserve0,
        reserve1,
        blockTimestampLast: BigInt(blockTimestampLast),
        price0CumulativeLast,
        price1CumulativeLast,
      },
      block.timestamp,
    );
    // price0 is token1 per token0: KSU's price in USDC when KSU is token0
    const now = {
      timestamp: block.timestamp,
      cumulative: ksuIsToken0 ? cumulatives.price0 : cumulatives.price1,
    };
    const last = this.observations.at(-1);
    if (last && now.timestamp < last.timestamp) this.observations = []; // the chain went back
    if (!last || now.timestamp > last.timestamp) this.observations.push(now);
    let anchorIndex = -1;
    this.observations.forEach((o, i) => {
      if (o.timestamp <= now.timestamp - this.windowSeconds) anchorIndex = i;
    });
    // older observations than the anchor are never needed again
    if (anchorIndex > 0) this.observations = this.observations.slice(anchorIndex);
    const anchor = this.observations[0]!;
    if (anchor.timestamp === now.timestamp) {
      // The first observation: nothing to average over yet, so the reserves' spot price.
      const [ksuReserve, usdcReserve] = ksuIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0];
      return { priceUsdc6: (usdcReserve * 10n ** ksuDecimals) / ksuReserve, method: "spot" };
    }
    return {
      priceUsdc6: twapUsdc6(anchor, now, ksuDecimals),
      method: "twap",
      windowSeconds: now.timestamp - anchor.timestamp,
    };
  }
}

/**
 * A feed round's answer in USDC units (6 decimals); refuses a non-positive answer and one
 * updated more than `maxAgeSeconds` before `now` (or never).
 */
export function priceFromFeedRound(
  round: { answer: bigint; updatedAt: bigint },
  decimals: number,
  now: bigint,
  maxAgeSeconds: bigint,
): bigint {
  if (round.answer <= 0n) throw new PriceSourceError(`the feed answered ${round.answer}`);
  if (round.updatedAt === 0n || now - round.updatedAt > maxAgeSeconds) {
    throw new PriceSourceError(
      `the feed's answer is stale (updated at ${round.updatedAt}, now ${now}, max age ${maxAgeSeconds} s)`,
    );
  }
  const scale = BigInt(decimals) - USDC_DECIMALS;
  const price = scale >= 0n ? round.answer / 10n ** scale : round.answer * 10n ** -scale;
  if (price === 0n)
    throw new PriceSourceError(`the feed's answer ${round.answer} rounds to 0 USDC`);
  return price;
}

/** A Chainlink-style AggregatorV3 KSU/USD feed (USDC taken at 1 USD). */
export class FeedSource implements KsuPriceSource {
  readonly description: string;
  private decimals?: number;

  constructor(
    private readonly client: PublicClient,
    private readonly feed: Address,
    private readonly maxAgeSeconds: bigint,
  ) {
    this.description = `feed:${feed}`;
  }

  reset(): void {}

  async read(block: BlockRef): Promise<PriceReading> {
    const feed = { address: this.feed, abi: aggregatorV3Abi } as const;
    this.decimals ??= await this.client.readContract({ ...feed, functionName: "decimals" });
    const [, answer, , updatedAt] = await this.client.readContract({
      ...feed,
      functionName: "latestRoundData",
      blockNumber: block.number,
    });
    return {
      priceUsdc6: priceFromFeedRound(
        { answer, updatedAt },
        this.decimals,
        block.timestamp,
        this.maxAgeSeconds,
      ),
      method: "feed",
    };
  }
}

/** The source KSU_PRICE_SOURCE names, or undefined for `none`. */
export function createPriceSource(
  spec: PriceSourceSpec,
  client: PublicClient,
  tokens: { ksu: Address; usdc: Address },
  opts: { twapWindowSeconds: number; feedMaxAgeSeconds: number },
): KsuPriceSource | undefined {
  switch (spec.kind) {
    case "uniswap-v2":
      return new UniswapV2TwapSource(client, spec.pair, tokens, BigInt(opts.twapWindowSeconds));
    case "feed":
      return new FeedSource(client, spec.feed, BigInt(opts.feedMaxAgeSeconds));
    case "none":
      return undefined;
  }
}
