import { NATIVE_TOKEN_ADDRESS, supportedTokens } from "./tokens";

/** A token a deposit can be paid with (swapped to USDC before the deposit). */
export interface SwapTokenInfo {
  symbol: string;
  address: `0x${string}`;
  decimals: number;
}

/**
 * The aggregator swap tokens a user can pay with on `chainId`: the chain's supported tokens
 * (spec section 3, {@link supportedTokens}) other than USDC, which is deposited as it is. An
 * ERC-20 source needs an approval of the aggregator's router (`spender`), so without one only
 * ETH is offered.
 *
 * @example aggregatorSwapTokens(8453, null) // [{ symbol: "ETH", ... }]
 */
export function aggregatorSwapTokens(chainId: number, spender: string | null): SwapTokenInfo[] {
  return supportedTokens(chainId)
    .filter((t) => t.symbol !== "USDC")
    .filter((t) => spender !== null || t.address === NATIVE_TOKEN_ADDRESS)
    .map(({ symbol, address, decimals }) => ({ symbol, address, decimals }));
}

/** Swap slippage as the spec stores it: a percent-unit string. */
export const SWAP_SLIPPAGE = "0.01";
/** Buffer on a quoted destination amount when capping a swap deposit to the tranche room. */
export const SWAP_QUOTE_BUFFER_BPS = 10_500n;

/**
 * Slippage shown to the user, e.g. "1%".
 *
 * @example slippageDisplay("0.01") // "1%"
 */
export function slippageDisplay(slippage: string = SWAP_SLIPPAGE): string {
  return `${Math.round(Number(slippage) * 10_000) / 100}%`;
}

/**
 * Slippage as sent to the swap API (x100).
 *
 * @example slippageParam("0.01") // 1
 */
export function slippageParam(slippage: string = SWAP_SLIPPAGE): number {
  return Math.round(Number(slippage) * 100 * 1e6) / 1e6;
}

/**
 * Maximum source-token amount of a swap deposit: the balance, capped so that the quoted USDC
 * plus a 5% buffer fits the tranche room. Uses a quote (`quoteSource` -> `quoteDestination`) as
 * the exchange rate; rounds down.
 *
 * @example swapMaxSourceAmount({ balance: 10n ** 18n, quoteSource: 10n ** 18n, quoteDestination: 3_000_000_000n, room: 1_050_000_000n })
 * // 333_333_333_333_333_333n (one third of the balance: 1,000 USDC x 1.05 = the room)
 */
export function swapMaxSourceAmount(args: {
  balance: bigint;
  quoteSource: bigint;
  quoteDestination: bigint;
  room: bigint;
}): bigint {
  const { balance, quoteSource, quoteDestination, room } = args;
  if (quoteSource === 0n || quoteDestination === 0n) return 0n;
  // destination for the whole balance, with the buffer
  const bufferedDestination =
    (balance * quoteDestination * SWAP_QUOTE_BUFFER_BPS) / (quoteSource * 10_000n);
  if (bufferedDestination <= room) return balance;
  return (room * quoteSource * 10_000n) / (quoteDestination * SWAP_QUOTE_BUFFER_BPS);
}

/**
 * The guaranteed destination amount of a quote after the slippage (rounds down): the USDC a swap
 * deposit requests, so the deposit never exceeds what the swap delivers.
 *
 * @example swapMinimumOut(3_000_000_000n) // 2_970_000_000n (1% slippage)
 */
export function swapMinimumOut(quoted: bigint, slippage: string = SWAP_SLIPPAGE): bigint {
  const bps = BigInt(Math.round(Number(slippage) * 10_000));
  return (quoted * (10_000n - bps)) / 10_000n;
}

/**
 * What a swap deposit requests: the minimum received of the quote the lender reviewed (shown as
 * "Minimum received" and written in the loan contract), or less when the quote taken at
 * confirmation guarantees less. Never more than what the swap guarantees, never more than what
 * the lender was shown.
 *
 * @example swapDepositAmount(3_030_000_000n, 3_000_000_000n) // 2_970_000_000n
 */
export function swapDepositAmount(
  confirmedQuote: bigint,
  reviewedQuote: bigint,
  slippage: string = SWAP_SLIPPAGE,
): bigint {
  const confirmed = swapMinimumOut(confirmedQuote, slippage);
  const reviewed = swapMinimumOut(reviewedQuote, slippage);
  return confirmed < reviewed ? confirmed : reviewed;
}
