import { parseAmountInput, type DomainError, type InputStatus } from "@lending/sdk";

/** An amount field's status and the message under it (spec sections 4 and 5). */
export interface Validation {
  status: InputStatus;
  message: string | null;
}

export const DEFAULT_VALIDATION: Validation = { status: "default", message: null };

/**
 * Runs an SDK amount rule on a field's text: empty is the default state while typing and counts
 * as 0 once the field is left (`blurred`: "Amount is required"); an error of the rule is the
 * error state with its message; anything else is success.
 */
export function validateAmountText(
  text: string,
  decimals: number,
  rule: (amount: bigint | null) => DomainError | null,
  blurred = false,
): Validation {
  if (text === "" && !blurred) return DEFAULT_VALIDATION;
  const amount = text === "" ? 0n : parseAmountInput(text, decimals);
  const error = rule(amount);
  return error ? { status: "error", message: error.message } : { status: "success", message: null };
}
