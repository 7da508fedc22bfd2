import { formatUnitsDisplay } from "./format";

/**
 * Shows an estimate, or "< floor" when it is positive but below the floor (tiny amounts would
 * otherwise read as 0).
 *
 * @example formatEstimate(5n, 6, 10_000n, 2) // "< 0.01"
 */
export function formatEstimate(
  value: bigint,
  decimals: number,
  floor: bigint,
  maxDecimals = 2,
): string {
  if (value > 0n && value < floor) {
    return `< ${formatUnitsDisplay(floor, decimals, { maxDecimals, minDecimals: maxDecimals })}`;
  }
  return formatUnitsDisplay(value, decimals, { maxDecimals, minDecimals: maxDecimals });
}
