import { fill, validation } from "../i18n";
import {
  AmountAboveMaximumError,
  AmountBelowMinimumError,
  AmountRequiredError,
  InsufficientAvailableBalanceError,
  InsufficientBalanceError,
  TrancheOversubscribedError,
  type DomainError,
} from "./errors";
import { formatUsdcExact } from "./format";

export interface LendAmountInput {
  /** amount in the chosen token's smallest units */
  amount: bigint;
  /** the amount's USDC value (6 decimals): equal to `amount` for USDC, the swap quote otherwise */
  amountUsdc: bigint;
  /**
   * the USDC the deposit is made with, when it can be less than `amountUsdc`: a swap deposits its
   * minimum out (the quote less the slippage, {@link swapMinimumOut}), so that is what must reach
   * the tranche minimum. Defaults to `amountUsdc`.
   */
  depositUsdc?: bigint;
  /** tranche minimum for this user this epoch (see {@link trancheDepositLimits}) */
  minimum: bigint;
  /** tranche maximum for this user this epoch */
  maximum: bigint;
  /** wallet balance of the chosen token */
  balance: bigint;
}

/**
 * Lend amount validation in the spec's order: required, minimum (of the USDC deposited),
 * maximum (of the USDC value), balance. A maximum of 0 (no room left this epoch) is the
 * Oversubscribed tooltip.
 * Returns the first failure, or null when valid.
 *
 * @example validateLendAmount({ amount: 0n, amountUsdc: 0n, minimum: 1n, maximum: 2n, balance: 5n })
 * // AmountRequiredError ("Amount is required")
 */
export function validateLendAmount(input: LendAmountInput): DomainError | null {
  if (input.amount === 0n) return new AmountRequiredError();
  if (input.maximum === 0n) return new TrancheOversubscribedError();
  if ((input.depositUsdc ?? input.amountUsdc) < input.minimum)
    return new AmountBelowMinimumError(input.minimum, formatUsdcExact(input.minimum));
  if (input.amountUsdc > input.maximum)
    return new AmountAboveMaximumError(input.maximum, formatUsdcExact(input.maximum));
  if (input.amount > input.balance) return new InsufficientBalanceError();
  return null;
}

/**
 * Lock validation: empty or zero is required; above the wallet's token balance is insufficient.
 *
 * @example validateLockAmount(10n, 5n) // InsufficientBalanceError ("Insufficient balance")
 */
export function validateLockAmount(amount: bigint | null, balance: bigint): DomainError | null {
  if (amount === null || amount === 0n) return new AmountRequiredError();
  if (amount > balance) return new InsufficientBalanceError();
  return null;
}

/**
 * Unlock validation: zero is required; above the locked amount is insufficient.
 *
 * @example validateUnlockAmount(3n, 5n) // null
 */
export function validateUnlockAmount(amount: bigint | null, locked: bigint): DomainError | null {
  if (amount === null || amount === 0n) return new AmountRequiredError();
  if (amount > locked) return new InsufficientBalanceError();
  return null;
}

/** Input status of an amount field (spec section 4). */
export type InputStatus = "default" | "focused" | "error" | "success";

/**
 * Withdraw validation: empty or zero is required; above available is "Insufficient Balance";
 * otherwise valid. The status is "default" when empty, "error" or "success" otherwise.
 *
 * @example validateWithdrawAmount(null, 5n) // { status: "default", error: null }
 */
export function validateWithdrawAmount(
  amount: bigint | null,
  available: bigint,
): { status: InputStatus; error: DomainError | null } {
  if (amount === null) return { status: "default", error: null };
  if (amount === 0n) return { status: "error", error: new AmountRequiredError() };
  if (amount > available)
    return { status: "error", error: new InsufficientAvailableBalanceError() };
  return { status: "success", error: null };
}

/**
 * Fix APY validation: zero is required; above the balance is "Insufficient Balance".
 *
 * @example validateFixApyAmount(6n, 5n) // InsufficientAvailableBalanceError
 */
export function validateFixApyAmount(amount: bigint, balance: bigint): DomainError | null {
  if (amount === 0n) return new AmountRequiredError();
  if (amount > balance) return new InsufficientAvailableBalanceError();
  return null;
}

/**
 * Whether the withdrawal should use the max variant of the call (the amount equals all that is
 * available), so no dust is left by share rounding.
 *
 * @example isMaxWithdrawal(5n, 5n) // true
 */
export function isMaxWithdrawal(amount: bigint, available: bigint): boolean {
  return amount > 0n && amount === available;
}

/**
 * The Max button of the lend form: the lower of the tranche maximum and the balance.
 *
 * @example lendMaxAmount(100n, 40n) // 40n
 */
export function lendMaxAmount(maximum: bigint, balance: bigint): bigint {
  return maximum < balance ? maximum : balance;
}

/** An email address the email challenge accepts: one "@", a dotted domain, at most 200 chars. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whether `text` (trimmed) looks like an email address the server accepts (it checks again).
 *
 * @example isValidEmail(" ada@example.com ") // true
 */
export function isValidEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= 200 && EMAIL.test(email);
}

/**
 * Whether `text` is the 6-digit confirmation code of the email challenge.
 *
 * @example isConfirmationCode("012345") // true
 */
export function isConfirmationCode(text: string): boolean {
  return /^\d{6}$/.test(text.trim());
}

/** A recovery password has at least this many characters (it guards the wallet's backup). */
export const RECOVERY_PASSWORD_MIN_LENGTH = 10;

/**
 * The first problem with a new recovery password and its repetition, or null when it is fine.
 *
 * @example validateRecoveryPassword("short", "short") // "Use at least 10 characters"
 */
export function validateRecoveryPassword(password: string, confirm: string): string | null {
  if (password.length < RECOVERY_PASSWORD_MIN_LENGTH) {
    return fill(validation.recoveryPasswordTooShort, { min: RECOVERY_PASSWORD_MIN_LENGTH });
  }
  if (password !== confirm) return validation.recoveryPasswordMismatch;
  return null;
}
