/**
 * Display formatting shared by the web app and the server. Money stays a bigint in smallest
 * units everywhere; these functions are the only place it becomes text. Dates, countdowns and
 * addresses are in ./datetime-format.
 */

export interface FormatUnitsOptions {
  /** fewest fraction digits shown (pads with zeros) */
  minDecimals?: number;
  /** most fraction digits shown (truncates toward zero, never rounds up money) */
  maxDecimals?: number;
  /** group thousands with commas; default true */
  grouping?: boolean;
}

const group = (whole: bigint, grouping = true) =>
  grouping ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole.toString();

/**
 * Formats an integer amount in smallest units, truncating (never rounding up) extra digits. A
 * value that shows as zero shows without a sign (never "-0.00").
 *
 * @example formatUnitsDisplay(1234500000n, 6, { minDecimals: 2 }) // "1,234.50"
 */
export function formatUnitsDisplay(
  value: bigint,
  decimals: number,
  { minDecimals = 0, maxDecimals = decimals, grouping = true }: FormatUnitsOptions = {},
): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let fraction = decimals > 0 ? (abs % base).toString().padStart(decimals, "0") : "";
  fraction = fraction.slice(0, Math.min(maxDecimals, decimals)).replace(/0+$/, "");
  const zero = whole === 0n && fraction === "";
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  return `${negative && !zero ? "-" : ""}${group(whole, grouping)}${fraction ? `.${fraction}` : ""}`;
}

/** Decimals every money amount shows (spec: at least 2). */
export const MONEY_DECIMALS = 2;

/**
 * The one money format (issue 23): 2 decimals, rounded half away from zero; more decimals only
 * where 2 would lose the amount (a non-zero amount that would show as 0.00 shows its first
 * significant digit, up to the token's decimals); never a negative zero. Exact amounts (details,
 * CSV) use {@link formatMoneyExact}.
 *
 * @example formatMoney(2_651_894_469n, 6) // "2,651.89"
 * @example formatMoney(199_999_999n, 6) // "200.00"
 * @example formatMoney(4_200n, 6) // "0.004"
 * @example formatMoney(-1_000n, 6) // "-0.001"
 */
export function formatMoney(value: bigint, decimals: number): string {
  if (decimals <= MONEY_DECIMALS) {
    return formatUnitsDisplay(value, decimals, { minDecimals: MONEY_DECIMALS });
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const step = 10n ** BigInt(decimals - MONEY_DECIMALS);
  const rounded = ((abs + step / 2n) / step) * step;
  if (rounded === 0n && abs !== 0n) {
    // a unit would be lost: show up to the first significant digit, rounded there
    let keep = MONEY_DECIMALS + 1;
    for (; keep < decimals; keep++) {
      const unit = 10n ** BigInt(decimals - keep);
      if ((abs + unit / 2n) / unit !== 0n) break;
    }
    const unit = 10n ** BigInt(decimals - keep);
    const near = ((abs + unit / 2n) / unit) * unit;
    return formatUnitsDisplay(negative ? -near : near, decimals, { minDecimals: MONEY_DECIMALS });
  }
  return formatUnitsDisplay(negative ? -rounded : rounded, decimals, {
    minDecimals: MONEY_DECIMALS,
  });
}

/**
 * An exact amount (request details, CSV, limits a user types against): every significant decimal,
 * at least 2, never a negative zero.
 *
 * @example formatMoneyExact(2_651_894_469n, 6) // "2,651.894469"
 */
export function formatMoneyExact(value: bigint, decimals: number): string {
  return formatUnitsDisplay(value, decimals, { minDecimals: MONEY_DECIMALS });
}

/** USDC has 6 decimals. */
export const USDC_DECIMALS = 6;

/**
 * USDC in the one money format ({@link formatMoney}).
 *
 * @example formatUsdc(1_000_000_000n) // "1,000.00"
 * @example formatUsdc(2_651_894_469n) // "2,651.89"
 */
export function formatUsdc(value: bigint): string {
  return formatMoney(value, USDC_DECIMALS);
}

/**
 * USDC exactly, to the unit (details, CSV, limits).
 *
 * @example formatUsdcExact(199_999_999n) // "199.999999"
 */
export function formatUsdcExact(value: bigint): string {
  return formatMoneyExact(value, USDC_DECIMALS);
}

/**
 * Wallet panel amounts: at most 4 decimals.
 *
 * @example formatWalletAmount(1_234_567_890_000_000_000n, 18) // "1.2345"
 */
export function formatWalletAmount(value: bigint, decimals: number): string {
  return formatUnitsDisplay(value, decimals, { maxDecimals: 4 });
}

/**
 * A token balance on a page (KSU, rKSU, swap tokens): the one money format ({@link formatMoney}).
 *
 * @example formatTokenBalance(2_500_000_000_000_000_000n, 18) // "2.50"
 */
export function formatTokenBalance(value: bigint, decimals: number): string {
  return formatMoney(value, decimals);
}

/**
 * A fraction as a percent with 2 decimals.
 *
 * @example formatPercent(0.1234) // "12.34%"
 */
export function formatPercent(fraction: number, digits = 2): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/**
 * A token amount rounded up to `keep` decimals, for amounts a user must reach (the KSU to lock
 * for the next level): shown as at least what is needed, never less.
 *
 * @example formatTokenAmountUp(1_000_049_000_000_000_000n, 18, 4) // "1.0001"
 */
export function formatTokenAmountUp(value: bigint, decimals: number, keep = 4): string {
  const unit = 10n ** BigInt(Math.max(0, decimals - keep));
  const up = ((value + unit - 1n) / unit) * unit;
  return formatUnitsDisplay(up, decimals, { minDecimals: 2, maxDecimals: keep });
}

/**
 * A lock period in days, from its length in seconds (the spec's `lockPeriod` string).
 *
 * @example lockPeriodDays("15552000") // 180
 */
export function lockPeriodDays(lockPeriodSeconds: string | bigint): number {
  return Number(BigInt(lockPeriodSeconds) / 86_400n);
}
