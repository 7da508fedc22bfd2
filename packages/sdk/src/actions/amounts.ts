import { InvalidAmountError } from "../errors";

/** Checks an amount is a positive bigint (internal). */
export function positive(field: string, value: bigint): bigint {
  if (typeof value !== "bigint" || value <= 0n) throw new InvalidAmountError(field, value);
  return value;
}

/** Checks an id is a non-negative bigint (internal). */
export function id(field: string, value: bigint): bigint {
  if (typeof value !== "bigint" || value < 0n) throw new InvalidAmountError(field, value);
  return value;
}

/**
 * A positive amount from a bigint or a decimal string of the smallest unit ("1500000" = 1.5 USDC).
 *
 * @throws {InvalidAmountError} for "", "1.5", "-1", "0" or 0n.
 * @example parseSmallestUnit("amount", "1500000") // 1_500_000n
 */
export function parseSmallestUnit(field: string, value: bigint | string): bigint {
  if (typeof value === "string") {
    if (!/^\d+$/.test(value)) throw new InvalidAmountError(field, value);
    return positive(field, BigInt(value));
  }
  return positive(field, value);
}
