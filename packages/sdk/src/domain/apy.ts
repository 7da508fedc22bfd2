/** Epochs per year: 365.25 days / 7 days, as the protocol defines it. */
export const EPOCHS_PER_YEAR = 52.17857;

/** Fixed-point scale of on-chain rates (18 decimals). */
export const RATE_SCALE = 10n ** 18n;

/**
 * APY as a fraction from a per-epoch interest rate in 18-decimal fixed point:
 * `(1 + r) ^ 52.17857 - 1`. A display value: money math stays in bigint on chain.
 *
 * @example epochRateToApy(2_000_000_000_000_000n) // ≈ 0.1097 (10.97%)
 */
export function epochRateToApy(epochInterestRate: bigint): number {
  const r = Number(epochInterestRate) / Number(RATE_SCALE);
  return Math.pow(1 + r, EPOCHS_PER_YEAR) - 1;
}

/**
 * Per-epoch rate in 18-decimal fixed point for a target APY fraction (inverse of
 * {@link epochRateToApy}), rounded down.
 *
 * @example apyToEpochRate(0.1) // ≈ 1_828_4...n
 */
export function apyToEpochRate(apy: number): bigint {
  const r = Math.pow(1 + apy, 1 / EPOCHS_PER_YEAR) - 1;
  return BigInt(Math.floor(r * 1e18));
}
