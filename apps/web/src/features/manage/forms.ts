/** Parsing of the console's form fields: USDC amounts in smallest units, or an error message. */
import { isAcceptableAmountInput, manage, parseAmountInput, USDC_DECIMALS } from "@lending/sdk";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A USDC amount: `positive` refuses 0. */
export function parseUsdcField(text: string, positive: boolean): Parsed<bigint> {
  const t = text.trim();
  if (t === "" || !isAcceptableAmountInput(t, USDC_DECIMALS)) {
    return { ok: false, error: positive ? manage.invalidAmount : manage.invalidFigure };
  }
  const value = parseAmountInput(t, USDC_DECIMALS);
  if (positive && value === 0n) return { ok: false, error: manage.invalidAmount };
  return { ok: true, value };
}
