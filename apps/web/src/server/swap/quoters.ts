import { encodeFunctionData, type Address, type PublicClient } from "viem";
import type { FetchLike } from "../services/kyc/compilot";
import { routerAbi } from "./local-amm";
import {
  NATIVE_TOKEN,
  SwapQuoteError,
  type SwapData,
  type SwapQuoter,
  type SwapRequest,
} from "./types";

const isNative = (t: Address) => t.toLowerCase() === NATIVE_TOKEN;
/** Basis points kept as slippage: the spec sends percent (1 = 1%). */
const slippageBps = (percent: number) => BigInt(Math.round(percent * 100));

/** Quotes and swap transactions from a Uniswap V2 Router02 (the local AMM of the dev chain). */
export class UniswapV2Quoter implements SwapQuoter {
  readonly name = "uniswap-v2";
  constructor(
    private readonly client: PublicClient,
    private readonly router: Address,
    private readonly now: () => number = Date.now,
  ) {}

  async quote(r: SwapRequest): Promise<SwapData> {
    if (r.fromToken.toLowerCase() === r.toToken.toLowerCase())
      throw new SwapQuoteError("fromToken and toToken are the same");
    const [weth, latest] = await Promise.all([
      this.client.readContract({ address: this.router, abi: routerAbi, functionName: "WETH" }),
      this.client.getBlock({ blockTag: "latest" }),
    ]);
    const path = [
      isNative(r.fromToken) ? weth : r.fromToken,
      isNative(r.toToken) ? weth : r.toToken,
    ];
    let amounts: readonly bigint[];
    try {
      amounts = await this.client.readContract({
        address: this.router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [r.fromAmount, path],
      });
    } catch {
      throw new SwapQuoteError("No liquidity for this pair");
    }
    const dst = amounts[amounts.length - 1] ?? 0n;
    if (dst === 0n) throw new SwapQuoteError("The amount is too small to swap");
    const min = (dst * (10_000n - slippageBps(r.slippage))) / 10_000n;
    // 20 minutes from now by the later of this server's clock and the chain's: a local chain whose
    // clock the dev panel moved weeks ahead would otherwise see every swap as expired
    const now = BigInt(Math.floor(this.now() / 1000));
    const deadline = (latest.timestamp > now ? latest.timestamp : now) + 20n * 60n;
    const data = isNative(r.fromToken)
      ? encodeFunctionData({
          abi: routerAbi,
          functionName: "swapExactETHForTokens",
          args: [min, path, r.user, deadline],
        })
      : isNative(r.toToken)
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: "swapExactTokensForETH",
            args: [r.fromAmount, min, path, r.user, deadline],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: "swapExactTokensForTokens",
            args: [r.fromAmount, min, path, r.user, deadline],
          });
    return {
      dstAmount: dst.toString(),
      tx: { to: this.router, data, value: isNative(r.fromToken) ? r.fromAmount.toString() : "0" },
    };
  }
}

/**
 * A 1inch-style aggregator (v6 swap API): `GET {SWAP_API_URL}/{chainId}/swap?src&dst&amount&from
 * &origin&slippage` with a bearer key, answering {dstAmount, tx{to, data, value}}. The transport
 * is an injectable fetch.
 */
export class AggregatorQuoter implements SwapQuoter {
  readonly name = "aggregator";
  constructor(private readonly opts: { apiUrl: string; apiKey?: string; fetch?: FetchLike }) {}

  async quote(r: SwapRequest): Promise<SwapData> {
    const params = new URLSearchParams({
      src: r.fromToken,
      dst: r.toToken,
      amount: r.fromAmount.toString(),
      from: r.user,
      origin: r.user,
      slippage: String(r.slippage),
      disableEstimate: "true",
    });
    const url = `${this.opts.apiUrl.replace(/\/$/, "")}/${r.chainId}/swap?${params}`;
    let response: Response;
    try {
      response = await (this.opts.fetch ?? fetch)(url, {
        headers: {
          accept: "application/json",
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new SwapQuoteError(`The swap aggregator is unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      dstAmount?: unknown;
      tx?: { to?: unknown; data?: unknown; value?: unknown };
      description?: unknown;
      error?: unknown;
    };
    if (!response.ok) {
      throw new SwapQuoteError(
        String(body.description ?? body.error ?? `The swap aggregator answered ${response.status}`),
      );
    }
    const tx = body.tx;
    if (
      typeof body.dstAmount !== "string" ||
      typeof tx?.to !== "string" ||
      typeof tx.data !== "string"
    ) {
      throw new SwapQuoteError("The swap aggregator answered an unexpected shape");
    }
    return {
      dstAmount: body.dstAmount,
      tx: { to: tx.to as Address, data: tx.data as `0x${string}`, value: String(tx.value ?? "0") },
    };
  }
}
