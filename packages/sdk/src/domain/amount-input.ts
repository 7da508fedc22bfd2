import { InvalidAmountInputError } from "./errors";

/**
 * Whether `text` may stand in an amount field for a token with `decimals`: digits with at most
 * one decimal point and at most `decimals` fraction digits. Empty is allowed (a cleared field);
 * a lone "." is not.
 *
 * @example isAcceptableAmountInput("12.345678", 6) // true
 * @example isAcceptableAmountInput("1.2345678", 6) // false
 */
export function isAcceptableAmountInput(text: string, decimals: number): boolean {
  if (text === "") return true;
  if (text === ".") return false;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return false;
  const fraction = match[2];
  if (fraction !== undefined && decimals === 0) return false;
  return fraction === undefined || fraction.length <= decimals;
}

/**
 * Parses a decimal amount into smallest units. Empty text is 0.
 *
 * @throws {InvalidAmountInputError} when the text is not acceptable for `decimals`
 * @example parseAmountInput("1000.5", 6) // 1000500000n
 */
export function parseAmountInput(text: string, decimals: number): bigint {
  if (!isAcceptableAmountInput(text, decimals)) throw new InvalidAmountInputError(text);
  if (text === "") return 0n;
  const [whole = "", fraction = ""] = text.split(".");
  return (
    BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0")
  );
}

/**
 * Smallest units back to the plain text an input field holds (no grouping, no trailing zeros).
 *
 * @example amountToInput(1000500000n, 6) // "1000.5"
 */
export function amountToInput(value: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
