import { EPOCHS_PER_YEAR } from "./apy";
import type { LoyaltyLevel } from "./loyalty";

/**
 * Performance fee: 10% of lender interest, in basis points. Half of it funds fee sharing for KSU
 * lockers, half goes to the treasury. Gross 15% APY is 13.5% net.
 */
export const PERFORMANCE_FEE_BPS = 1_000n;
export const BPS = 10_000n;
/** Share of the performance fee paid to KSU lockers, in basis points of the fee. */
export const LOCKER_FEE_SHARE_BPS = 5_000n;

/**
 * Net APY after the performance fee (a fraction of the gross interest).
 *
 * @example grossToNetApy(0.15) // 0.135
 */
export function grossToNetApy(
  grossApy: number,
  feeFraction = Number(PERFORMANCE_FEE_BPS) / Number(BPS),
): number {
  return grossApy * (1 - feeFraction);
}

/**
 * Splits an interest amount into the lenders' net, the treasury's half of the fee and the
 * lockers' half. Integer math: the fee is rounded up (in favour of the pool), the lockers' half
 * rounded down, the treasury gets the rest, so the three always add up to `interest`.
 *
 * @example splitInterest(1_000_000n) // { lenders: 900_000n, treasury: 50_000n, lockers: 50_000n }
 */
export function splitInterest(
  interest: bigint,
  feeBps: bigint = PERFORMANCE_FEE_BPS,
): { lenders: bigint; treasury: bigint; lockers: bigint } {
  const fee = (interest * feeBps + BPS - 1n) / BPS;
  const lockers = (fee * LOCKER_FEE_SHARE_BPS) / BPS;
  return { lenders: interest - fee, treasury: fee - lockers, lockers };
}

/** Simulated loyalty bonus APY paid in KSU: level 1 0.1%, level 2 0.2%. */
export const LOYALTY_BONUS_APY: Readonly<Record<LoyaltyLevel, number>> = {
  0: 0,
  1: 0.001,
  2: 0.002,
};

/**
 * Bonus interest per epoch as the spec lists it (display and SDK constants). They are
 * 1/1000 of the annual bonus rate divided by 52.17857 epochs (0.1% / 52.17857 / 1000 =
 * 0.000000019164956...), i.e. the per-epoch fraction expressed per 1,000 USDC-units; see
 * {@link bonusRatePerEpoch} for the plain per-epoch fraction used in calculations.
 */
export const BONUS_INTEREST_PER_EPOCH: Readonly<Record<LoyaltyLevel, number>> = {
  0: 0,
  1: 0.000000019164956,
  2: 0.000000038329912,
};

/**
 * Per-epoch bonus fraction for a level: the annual bonus rate / 52.17857
 * (level 1: 0.0000191649..., level 2: 0.0000383299...), equal to 1000 x the spec constant.
 *
 * @example bonusRatePerEpoch(1) // 0.000019164956...
 */
export function bonusRatePerEpoch(level: LoyaltyLevel): number {
  return LOYALTY_BONUS_APY[level] / EPOCHS_PER_YEAR;
}
