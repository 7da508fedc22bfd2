import { EPOCHS_PER_YEAR } from "./apy";
import { grossToNetApy, LOYALTY_BONUS_APY, PERFORMANCE_FEE_BPS, splitInterest } from "./fees";
import type { LoyaltyLevel } from "./loyalty";

/** Simulator slider bounds and step (days). */
export const SIMULATOR_MIN_DAYS = 0;
export const SIMULATOR_MAX_DAYS = 365;
export const SIMULATOR_STEP_DAYS = 1;
const DAYS_PER_EPOCH = 7;

/**
 * Interest on `principal` (smallest units) at an effective `apy` compounded weekly (per 7-day
 * epoch) over `days`, rounded down. Fractions of a week accrue at the same weekly rate.
 *
 * @example calculateCompounding(1_000_000_000n, 0.1, 365) // ≈ 100_000_000n
 */
export function calculateCompounding(principal: bigint, apy: number, days: number): bigint {
  if (days <= 0 || apy <= 0 || principal <= 0n) return 0n;
  const weeklyRate = Math.pow(1 + apy, 1 / EPOCHS_PER_YEAR) - 1;
  const growth = Math.pow(1 + weeklyRate, days / DAYS_PER_EPOCH) - 1;
  return BigInt(Math.floor(Number(principal) * growth));
}

/**
 * Loyalty bonus (in USDC value, paid in KSU) on `principal` over `days`, simple interest at
 * the level's annual bonus rate, rounded down.
 *
 * @example calculateBonusInterestEarnings(1_000_000_000n, 2, 365) // 2_000_000n (0.2%)
 */
export function calculateBonusInterestEarnings(
  principal: bigint,
  level: LoyaltyLevel,
  days: number,
): bigint {
  if (days <= 0 || principal <= 0n) return 0n;
  return BigInt(Math.floor((Number(principal) * LOYALTY_BONUS_APY[level] * days) / 365));
}

export interface SimulationResult {
  /** the days simulated: the slider's, stopped at a fixed term's end */
  days: number;
  grossApy: number;
  netApy: number;
  /** interest at the gross APY */
  grossInterest: bigint;
  /** interest after the performance fee: gross interest less the fee */
  netInterest: bigint;
  /** the performance fee: 10% of the gross interest (rounded up, as the pool takes it) */
  feeAmount: bigint;
  /** loyalty bonus value (USDC units, paid in KSU): kept apart, never added to USDC */
  loyaltyBonus: bigint;
  /** the USDC at the end: principal plus net interest (the KSU bonus is not in it) */
  totalUsdc: bigint;
}

/** A fixed term of `epochs` 7-day epochs in days (the simulator stops there). */
export const fixedTermDays = (epochs: bigint | number): number => Number(epochs) * DAYS_PER_EPOCH;

/** The slider's last day: 365, or a fixed term's end when that comes first. */
export function simulatorMaxDays(termDays?: number): number {
  return termDays === undefined ? SIMULATOR_MAX_DAYS : Math.min(SIMULATOR_MAX_DAYS, termDays);
}

/**
 * The lend modal's earnings simulator: gross-to-net fee effect and loyalty bonus over `days`
 * (0 to 365). A fixed rate holds only for its term: with `termDays` the simulation stops there.
 * USDC (interest) and the KSU bonus (its USDC value) stay apart.
 *
 * @example simulateEarnings({ principal: 1_000_000_000n, grossApy: 0.15, days: 365, level: 1 }).netApy // 0.135
 */
export function simulateEarnings(args: {
  principal: bigint;
  grossApy: number;
  days: number;
  level: LoyaltyLevel;
  /** a fixed APY's term in days */
  termDays?: number;
}): SimulationResult {
  const days = Math.min(simulatorMaxDays(args.termDays), Math.max(SIMULATOR_MIN_DAYS, args.days));
  const netApy = grossToNetApy(args.grossApy);
  const grossInterest = calculateCompounding(args.principal, args.grossApy, days);
  // The fee is a share of the interest (spec section 9: 10% of lender interest), so it is 10% of
  // the gross interest at every duration; compounding at the net APY instead made it 9.3% at 30
  // days (issue 23).
  const { lenders: netInterest } = splitInterest(grossInterest, PERFORMANCE_FEE_BPS);
  const loyaltyBonus = calculateBonusInterestEarnings(args.principal, args.level, days);
  return {
    days,
    grossApy: args.grossApy,
    netApy,
    grossInterest,
    netInterest,
    feeAmount: grossInterest - netInterest,
    loyaltyBonus,
    totalUsdc: args.principal + netInterest,
  };
}
