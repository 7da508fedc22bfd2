import { fill, pools, validation } from "../i18n";

/**
 * Named errors of the domain rules. Each has a stable `code` the UI maps to its copy; the
 * `message` is the catalog's text (`validation` namespace, the spec's English) so the server can
 * answer with it directly.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Zero or empty amount. @example new AmountRequiredError().message // "Amount is required" */
export class AmountRequiredError extends DomainError {
  readonly code = "AMOUNT_REQUIRED";
  constructor() {
    super(validation.amountRequired);
  }
}

/** Lend amount below the tranche minimum (formatted USDC in the message). */
export class AmountBelowMinimumError extends DomainError {
  readonly code = "AMOUNT_BELOW_MINIMUM";
  constructor(
    readonly minimum: bigint,
    formattedMinimum: string,
  ) {
    super(fill(validation.belowMinimum, { minimum: formattedMinimum }));
  }
}

/**
 * A lend into a tranche with no room left to the user this epoch (maximum 0): the Oversubscribed
 * tooltip, never "above the maximum of 0.00 USDC".
 */
export class TrancheOversubscribedError extends DomainError {
  readonly code = "TRANCHE_OVERSUBSCRIBED";
  constructor() {
    super(pools.oversubscribedTooltip);
  }
}

/** Lend amount above the tranche maximum (formatted USDC in the message). */
export class AmountAboveMaximumError extends DomainError {
  readonly code = "AMOUNT_ABOVE_MAXIMUM";
  constructor(
    readonly maximum: bigint,
    formattedMaximum: string,
  ) {
    super(fill(validation.aboveMaximum, { maximum: formattedMaximum }));
  }
}

/**
 * More than the wallet holds (lend, lock, unlock): lower-case "balance", as the spec writes it.
 */
export class InsufficientBalanceError extends DomainError {
  readonly code = "INSUFFICIENT_BALANCE";
  constructor() {
    super(validation.insufficientBalance);
  }
}

/**
 * More than can be withdrawn or fixed (withdraw, fix APY): capital "Balance", as the spec writes it.
 */
export class InsufficientAvailableBalanceError extends DomainError {
  readonly code = "INSUFFICIENT_AVAILABLE_BALANCE";
  constructor() {
    super(validation.insufficientAvailableBalance);
  }
}

/** Text that is not a decimal amount with at most the token's decimals. */
export class InvalidAmountInputError extends DomainError {
  readonly code = "INVALID_AMOUNT_INPUT";
  constructor(readonly input: string) {
    super(fill(validation.invalidAmount, { input: JSON.stringify(input) }));
  }
}

/** Referral rules of spec section 8. */
export class ReferralAlreadyExistsError extends DomainError {
  readonly code = "REFERENCE_ALREADY_EXISTS";
  constructor() {
    super(validation.referralAlreadyExists);
  }
}

export class SelfReferralError extends DomainError {
  readonly code = "SELF_REFERRAL";
  constructor() {
    super(validation.selfReferral);
  }
}

export class ReferredUserAlreadyDepositedError extends DomainError {
  readonly code = "USER_ALREADY_DEPOSITED";
  constructor() {
    super(validation.userAlreadyDeposited);
  }
}

/** Issue 24: the referrer's identity is not verified (KYC Active or No Email). */
export class ReferrerNotVerifiedError extends DomainError {
  readonly code = "REFERRER_NOT_VERIFIED";
  constructor() {
    super(validation.referrerNotVerified);
  }
}

/** Issue 24: the referred user's identity is not verified. */
export class ReferredUserNotVerifiedError extends DomainError {
  readonly code = "USER_NOT_VERIFIED";
  constructor() {
    super(validation.userNotVerified);
  }
}

/** Issue 24: the referrer was itself referred, directly or down a chain, by the user. */
export class CircularReferralError extends DomainError {
  readonly code = "CIRCULAR_REFERRAL";
  constructor() {
    super(validation.circularReferral);
  }
}
