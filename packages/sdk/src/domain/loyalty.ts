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

/**
 * Minimum KSU to lock shown in the loyalty levels modal (spec section 9, a static display): shown
 * where the lender's own basis is unknown (no deposits or no fresh price); otherwise the modal
 * shows {@link ksuForLevel} of the lender, the chain's rule (issue 23).
 */
export const MIN_LOCK_DISPLAY: Readonly<Record<1 | 2, number>> = { 1: 500, 2: 1000 };

const WAD = 10n ** 18n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The KSU (18 decimals) to lock now, for a lock period with rKSU multiplier `rksuMultiplierWad`
 * (1e18 = 1.00x), so that the level the chain decides (`KsuLocking.loyaltyLevel`: floor(rKSU x
 * price / 1e18) x 100 against 1% and 5% of the active and pending deposits) reaches `level`, at
 * today's price: 0 when it is reached already. Rounded up at every step, so locking exactly this
 * amount is enough and one unit less is not (when the multiplier does not round it away). Null
 * without deposits (no level) or without a price. The one rule behind every "lock N to reach
 * level L" the product shows (the locking overview and the loyalty levels modal).
 *
 * @example ksuForLevel({ level: 1, rksu: 0n, ksuPriceUsdc: 1_000_000n, totalDepositsUsdc: 100_000_000n, rksuMultiplierWad: 10n ** 18n })
 * // 10n ** 18n (1 KSU for 1 rKSU = 1 USDC = 1% of 100 USDC)
 */
export function ksuForLevel(args: {
  level: 1 | 2;
  rksu: bigint;
  ksuPriceUsdc: bigint;
  totalDepositsUsdc: bigint;
  rksuMultiplierWad: bigint;
}): bigint | null {
  const { rksu, ksuPriceUsdc: price, totalDepositsUsdc: deposits, rksuMultiplierWad } = args;
  if (deposits === 0n || price === 0n || rksuMultiplierWad === 0n) return null;
  const current = loyaltyLevelFromPosition({
    rksu,
    ksuPriceUsdc: price,
    totalDepositsUsdc: deposits,
  });
  if (current !== null && current >= args.level) return 0n;
  const percent = BigInt(args.level === 2 ? LOYALTY_LEVEL_2_PERCENT : LOYALTY_LEVEL_1_PERCENT);
  // the USDC value the rKSU must reach, then the rKSU, then the KSU that mints it
  const value = ceilDiv(percent * deposits, 100n);
  const rksuNeeded = ceilDiv(value * WAD, price);
  const missing = rksuNeeded > rksu ? rksuNeeded - rksu : 0n;
  return ceilDiv(missing * WAD, rksuMultiplierWad);
}

/**
 * How far the next loyalty level is: {@link ksuForLevel} of the level above the current one.
 * Null at level 2 (there is no next level), without deposits (no level) or without a price.
 *
 * @example ksuToNextLevel({ rksu: 0n, ksuPriceUsdc: 1_000_000n, totalDepositsUsdc: 100_000_000n, rksuMultiplierWad: 10n ** 18n })
 * // { level: 1, ksu: 10n ** 18n } (1 KSU for 1 rKSU = 1 USDC = 1% of 100 USDC)
 */
export function ksuToNextLevel(args: {
  rksu: bigint;
  ksuPriceUsdc: bigint;
  totalDepositsUsdc: bigint;
  rksuMultiplierWad: bigint;
}): { level: 1 | 2; ksu: bigint } | null {
  if (args.totalDepositsUsdc === 0n || args.ksuPriceUsdc === 0n) return null;
  const current = loyaltyLevelFromPosition({
    rksu: args.rksu,
    ksuPriceUsdc: args.ksuPriceUsdc,
    totalDepositsUsdc: args.totalDepositsUsdc,
  });
  if (current === null || current === 2) return null;
  const level = (current + 1) as 1 | 2;
  const ksu = ksuForLevel({ ...args, level });
  return ksu === null ? null : { level, ksu };
}

/**
 * KSU (18 decimals) of bonus interest one epoch earns at a checkpoint's level and base, as the
 * locking contract accrues it: base (USDC units) x rate (the level's per-epoch rate, 1e18 = 100%)
 * / price (USDC units per KSU), rounded down; 0 at level 0 or without a price.
 *
 * @example bonusPerEpochKsu({ baseUsdc: 10_000_000_000n, level: 1, rates: { 1: 19_164_956_034_632n, 2: 38_329_912_069_265n }, ksuPriceUsdc: 500_000n })
 * // 383_299_120_692_640_000n (0.3833 KSU a week: 0.1% a year of 10,000 USDC at 0.50 USDC)
 */
export function bonusPerEpochKsu(args: {
  baseUsdc: bigint;
  level: LoyaltyLevel;
  rates: Readonly<Record<1 | 2, bigint>>;
  ksuPriceUsdc: bigint;
}): bigint {
  if (args.level === 0 || args.ksuPriceUsdc === 0n) return 0n;
  return (args.baseUsdc * args.rates[args.level]) / args.ksuPriceUsdc;
}

/**
 * How the rewards page explains the bonus against the loyalty level the product shows everywhere
 * (the chain's `loyaltyLevel`, on active and pending deposits): the bonus accrues on the accepted
 * deposits only (`bonusCheckpoint`'s base), so right after a lock or a deposit the two can differ.
 * "none": no level, the lender must reach level 1; "waiting": a level but no accepted deposit to
 * pay a bonus on yet; "same": the bonus accrues at the level shown; "basis": it accrues at
 * `bonusLevel` on the accepted deposits.
 *
 * @example bonusExplanation({ level: 1, bonusLevel: 0, bonusBase: 0n }) // "waiting"
 */
export function bonusExplanation(args: {
  level: LoyaltyLevel | null;
  bonusLevel: LoyaltyLevel;
  bonusBase: bigint;
}): "none" | "waiting" | "same" | "basis" {
  if (args.level === null || args.level === 0) return args.bonusLevel === 0 ? "none" : "basis";
  if (args.bonusBase === 0n) return "waiting";
  return args.bonusLevel === args.level ? "same" : "basis";
}
