import { chainTokens, KSU_PRICE_DECIMALS, PRICE_MAX_AGE_SECONDS } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { parseAbi, type Address, type PublicClient } from "viem";
import { serverConfig, type ServerConfig } from "@/config/server";
import { chainClient } from "../context";
import { routerAbi } from "../swap/local-amm";

/** USD prices by the symbols asked for: null when the price is unavailable (stale, source down). */
export type UsdPrices = Record<string, number | null>;

const feedAbi = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);
const lockingPriceAbi = parseAbi([
  "function ksuPrice() view returns (uint256 priceUsdc6, uint256 updatedAt)",
  "function isKsuPriceFresh() view returns (bool)",
]);

/** What the price provider reads from. */
export interface PriceProviderOptions {
  client: PublicClient;
  chainId: number;
  /** the product token's symbol (PRODUCT_SYMBOL): priced by the locking contract */
  productSymbol: string;
  /** the protocol's USDC (the local AMM's quote token) */
  usdc?: Address;
  /** KsuLocking: its `ksuPrice()` is the price loyalty levels use */
  ksuLocking?: Address;
  /** a local Uniswap V2 router: ETH and WETH from its WETH -> USDC quote */
  localAmmRouter?: Address;
  /** Chainlink-style USD feeds by upper-case symbol (ETH's also prices WETH) */
  feeds?: Record<string, Address>;
  /** a feed answer older than this is unavailable; default 5 minutes */
  maxAgeSeconds?: number;
  /** how long a price (or its absence) is served from memory; default 15 s */
  cacheMs?: number;
  /** a source slower than this counts as down; default 3 s */
  timeoutMs?: number;
  /** wall clock in ms (tests) */
  now?: () => number;
}

/** 0.001 WETH: small enough that the pool's price impact is negligible. */
const AMM_QUOTE_IN = 10n ** 15n;

/**
 * The one USD price source of the server (GET /api/token, the wallet balance page): USDC is 1;
 * ETH and WETH from a configured feed (PRICE_FEEDS, at most 5 minutes old) or, without one, the
 * local AMM's WETH -> USDC quote; the product token (KSU) from the locking contract's on-chain
 * price while it is fresh (`isKsuPriceFresh`); any other symbol of the chain's token list from
 * its feed. Anything unavailable is null, never an error. Prices are cached briefly in memory.
 */
export class PriceProvider {
  private readonly cache = new Map<string, { at: number; price: Promise<number | null> }>();
  private readonly now: () => number;
  private weth?: Promise<Address>;

  constructor(private readonly opts: PriceProviderOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The upper-case symbols this provider answers for on its chain (others are left out). */
  knownSymbols(): Set<string> {
    const known = new Set(chainTokens(this.opts.chainId).map((t) => t.symbol.toUpperCase()));
    for (const s of ["USDC", "ETH", "WETH", this.opts.productSymbol.toUpperCase()]) known.add(s);
    for (const s of Object.keys(this.opts.feeds ?? {})) known.add(s.toUpperCase());
    return known;
  }

  /**
   * USD prices keyed as asked (`weth` stays `weth`); unknown symbols are left out.
   *
   * @example await provider.prices(["USDC", "ETH"]) // { USDC: 1, ETH: 2991.2 }
   */
  async prices(symbols: string[]): Promise<UsdPrices> {
    const known = this.knownSymbols();
    const asked = symbols.filter((s) => known.has(s.toUpperCase()));
    const values = await Promise.all(asked.map((s) => this.price(s.toUpperCase())));
    return Object.fromEntries(asked.map((s, i) => [s, values[i] ?? null]));
  }

  /** One upper-case symbol's USD price, from the cache while it is fresh. */
  price(symbol: string): Promise<number | null> {
    const hit = this.cache.get(symbol);
    const now = this.now();
    if (hit && now - hit.at < (this.opts.cacheMs ?? 15_000)) return hit.price;
    const price = this.read(symbol).then(
      (p) => (p !== null && Number.isFinite(p) && p > 0 ? p : null),
      (error: unknown) => {
        const reason =
          error instanceof Error
            ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
            : String(error);
        console.warn(`[prices] ${symbol} unavailable: ${reason}`);
        return null;
      },
    );
    this.cache.set(symbol, { at: now, price });
    return price;
  }

  private async read(symbol: string): Promise<number | null> {
    const { feeds = {}, productSymbol } = this.opts;
    if (symbol === "USDC") return 1;
    const feed = feeds[symbol] ?? (symbol === "WETH" ? feeds.ETH : undefined);
    if (feed) return this.withTimeout(this.readFeed(feed));
    if (symbol === productSymbol.toUpperCase()) return this.withTimeout(this.readLockingPrice());
    if (symbol === "ETH" || symbol === "WETH") return this.withTimeout(this.readLocalAmm());
    return null;
  }

  private withTimeout<T>(p: Promise<T>): Promise<T> {
    const ms = this.opts.timeoutMs ?? 3_000;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      p.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  /** A Chainlink-style aggregator: null when its answer is not positive or too old. */
  private async readFeed(feed: Address): Promise<number | null> {
    const { client } = this.opts;
    const [decimals, round] = await Promise.all([
      client.readContract({ address: feed, abi: feedAbi, functionName: "decimals" }),
      client.readContract({ address: feed, abi: feedAbi, functionName: "latestRoundData" }),
    ]);
    const [, answer, , updatedAt] = round;
    const age = this.now() / 1000 - Number(updatedAt);
    if (answer <= 0n || age > (this.opts.maxAgeSeconds ?? PRICE_MAX_AGE_SECONDS)) return null;
    return Number(answer) / 10 ** decimals;
  }

  /** The locking contract's KSU price in USDC (6 decimals), the one loyalty levels use. */
  private async readLockingPrice(): Promise<number | null> {
    const { client, ksuLocking } = this.opts;
    if (!ksuLocking) return null;
    const [[price], fresh] = await Promise.all([
      client.readContract({ address: ksuLocking, abi: lockingPriceAbi, functionName: "ksuPrice" }),
      client.readContract({
        address: ksuLocking,
        abi: lockingPriceAbi,
        functionName: "isKsuPriceFresh",
      }),
    ]);
    return fresh ? Number(price) / 10 ** KSU_PRICE_DECIMALS : null;
  }

  /** The local AMM's mid price: the quote for 0.001 WETH, without the pool's 0.3% fee. */
  private async readLocalAmm(): Promise<number | null> {
    const { client, localAmmRouter: router, usdc } = this.opts;
    if (!router || !usdc) return null;
    // a router's WETH never changes: one read per provider
    this.weth ??= client.readContract({ address: router, abi: routerAbi, functionName: "WETH" });
    const weth = await this.weth.catch((error: unknown) => {
      this.weth = undefined;
      throw error;
    });
    const amounts = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [AMM_QUOTE_IN, [weth, usdc]],
    });
    const out = amounts[amounts.length - 1] ?? 0n;
    // out = in * 0.997 * price: undo the fee; USDC has 6 decimals, 0.001 WETH is 1e15 wei
    return (Number(out) * 1000) / 997 / 1e6 / (Number(AMM_QUOTE_IN) / 1e18);
  }
}

const state = globalThis as typeof globalThis & {
  __lendingPrices?: { key: string; provider: PriceProvider };
};

/** The process's price provider for this configuration (its cache is shared by requests). */
export function priceProvider(config: ServerConfig = serverConfig()): PriceProvider {
  const deployment = hasDeployment(config.chainId) ? getDeployment(config.chainId) : undefined;
  const router = config.swap.provider === "local" ? config.swap.router : undefined;
  const key = JSON.stringify([
    config.chainId,
    config.rpcUrl,
    config.productSymbol,
    router,
    config.priceFeeds,
    deployment?.ksuLocking,
    deployment?.usdc,
  ]);
  if (state.__lendingPrices?.key !== key) {
    state.__lendingPrices = {
      key,
      provider: new PriceProvider({
        client: chainClient(config),
        chainId: config.chainId,
        productSymbol: config.productSymbol,
        usdc: deployment?.usdc,
        ksuLocking: deployment?.ksuLocking,
        localAmmRouter: router,
        feeds: config.priceFeeds,
      }),
    };
  }
  return state.__lendingPrices.provider;
}
