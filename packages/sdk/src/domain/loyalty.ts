/**
 * Loyalty levels (spec sections 3, 5 and 9; PROTOCOL.md "Loyalty, locking and bonus").
 */

export type LoyaltyLevel = 0 | 1 | 2;

/** Level 1 from 1% of deposits in rKSU value, level 2 from 5%. */
export const LOYALTY_LEVEL_1_PERCENT = 1;
export const LOYALTY_LEVEL_2_PERCENT = 5;

/**
 * Level from a staked percentage: below 1 is 0, 1 to below 5 is 1, 5 or more is 2; empty
 * (null, undefined, NaN) is none.
 *
 * @example loyaltyLevelFromPercentage(4.99) // 1
 */
export function loyaltyLevelFromPercentage(
  percentage: number | null | undefined,
): LoyaltyLevel | null {
  if (percentage === null || percentage === undefined || Number.isNaN(percentage)) return null;
  if (percentage >= LOYALTY_LEVEL_2_PERCENT) return 2;
  if (percentage >= LOYALTY_LEVEL_1_PERCENT) return 1;
  return 0;
}

/**
 * Levels 1 and 2 are loyal.
 *
 * @example isLoyal(1) // true
 */
export function isLoyal(level: LoyaltyLevel | null): boolean {
  return level === 1 || level === 2;
}

/** Scale of the KSU price: USDC (6 decimals) per whole KSU. */
export const KSU_PRICE_DECIMALS = 6;

/**
 * USDC value (6 decimals) of an rKSU amount (18 decimals) at a KSU price in USDC per KSU
 * (6 decimals), rounded down.
 *
 * @example rksuValueUsdc(10n ** 18n, 500_000n) // 500_000n (0.50 USDC)
 */
export function rksuValueUsdc(rksu: bigint, ksuPriceUsdc: bigint): bigint {
  return (rksu * ksuPriceUsdc) / 10n ** 18n;
}

/**
 * Staked percentage: earned rKSU value at the token price / (active + pending deposits) x 100.
 * Null without deposits (no level).
 *
 * @example stakedPercentage({ rksu: 10n ** 20n, ksuPriceUsdc: 1_000_000n, totalDepositsUsdc: 10_000_000_000n }) // 1
 */
export function stakedPercentage(args: {
  rksu: bigint;
  ksuPriceUsdc: bigint;
  totalDepositsUsdc: bigint;
}): number | null {
  if (args.totalDepositsUsdc === 0n) return null;
  const value = rksuValueUsdc(args.rksu, args.ksuPriceUsdc);
  // 1e6 precision on the percentage without leaving bigint for the division
  const scaled = (value * 100n * 1_000_000n) / args.totalDepositsUsdc;
  return Number(scaled) / 1_000_000;
}

/**
 * Loyalty level from rKSU value vs deposits, decided in exact integers (the thresholds must not
 * move by float rounding): value x 100 >= 5 x deposits is 2, >= 1 x deposits is 1.
 *
 * @example loyaltyLevelFromPosition({ rksu: 5n * 10n ** 18n, ksuPriceUsdc: 1_000_000n, totalDepositsUsdc: 100_000_000n }) // 2
 */
export function loyaltyLevelFromPosition(args: {
  rksu: bigint;
  ksuPriceUsdc: bigint;
  totalDepositsUsdc: bigint;
}): LoyaltyLevel | null {
  if (args.totalDepositsUsdc === 0n) return null;
  const value100 = rksuValueUsdc(args.rksu, args.ksuPriceUsdc) * 100n;
  if (value100 >= BigInt(LOYALTY_LEVEL_2_PERCENT) * args.totalDepositsUsdc) return 2;
  if (value100 >= BigInt(LOYALTY_LEVEL_1_PERCENT) * args.totalDepositsUsdc) return 1;
  return 0;
}

/** Minimum KSU to lock shown in the loyalty levels modal (static display). */
export const MIN_LOCK_DISPLAY: Readonly<Record<1 | 2, number>> = { 1: 500, 2: 1000 };
