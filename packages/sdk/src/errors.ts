/** Base class of every error the SDK throws on purpose; `code` is stable for mapping to UI copy. */
export abstract class LendingSdkError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** No contracts are deployed (known to the SDK) on this chain. */
export class DeploymentNotFoundError extends LendingSdkError {
  readonly code = "DEPLOYMENT_NOT_FOUND";

  constructor(readonly chainId: number) {
    super(`No lending protocol deployment is known for chain ${chainId}.`);
  }
}

/** A deployment record is malformed (a bad address, chain id or block). */
export class InvalidDeploymentError extends LendingSdkError {
  readonly code = "INVALID_DEPLOYMENT";

  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`Invalid deployment record: ${field} = ${JSON.stringify(value)}.`);
  }
}

/** The pool manager has no pool with this id. */
export class PoolNotFoundError extends LendingSdkError {
  readonly code = "POOL_NOT_FOUND";

  constructor(
    readonly poolId: bigint,
    options?: { cause?: unknown },
  ) {
    super(`Pool ${poolId} does not exist.`, options);
  }
}

/** A fixed-term status number the SDK does not know (a newer contract?). */
export class UnknownFixedTermStatusError extends LendingSdkError {
  readonly code = "UNKNOWN_FIXED_TERM_STATUS";

  constructor(readonly status: number) {
    super(`Unknown fixed-term deposit status ${status}.`);
  }
}

/** An amount that is not a positive integer in the token's smallest unit (zero, negative, "1.5"). */
export class InvalidAmountError extends LendingSdkError {
  readonly code = "INVALID_AMOUNT";

  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`${field} must be a positive integer in the smallest unit, got ${String(value)}.`);
  }
}

/** An argument that must be an address is not one (or is the zero address). */
export class InvalidAddressError extends LendingSdkError {
  readonly code = "INVALID_ADDRESS";

  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`${field} must be a non-zero address, got ${String(value)}.`);
  }
}

/** `settle` was given no request ids. */
export class EmptySettleBatchError extends LendingSdkError {
  readonly code = "EMPTY_SETTLE_BATCH";

  constructor() {
    super("settle needs at least one request id.");
  }
}

/** `settle` was given more ids than the contract's `MAX_SETTLE_BATCH`. */
export class SettleBatchTooLargeError extends LendingSdkError {
  readonly code = "SETTLE_BATCH_TOO_LARGE";

  constructor(
    readonly count: number,
    readonly max: number,
  ) {
    super(`settle takes at most ${max} request ids, got ${count}.`);
  }
}

/** A withdrawal was asked for, but the user has no free (settled) shares in the tranche. */
export class NoSharesToWithdrawError extends LendingSdkError {
  readonly code = "NO_SHARES_TO_WITHDRAW";

  constructor(
    readonly poolId: bigint,
    readonly trancheId: bigint,
  ) {
    super(`No free shares to withdraw in pool ${poolId}, tranche ${trancheId}.`);
  }
}

/** A USDC amount is worth less than one share unit (rounds down to zero shares). */
export class AmountTooSmallToWithdrawError extends LendingSdkError {
  readonly code = "AMOUNT_TOO_SMALL_TO_WITHDRAW";

  constructor(readonly amount: bigint) {
    super(`${amount} USDC units are worth no shares; withdraw a larger amount.`);
  }
}

/** The manager has no request with this NFT id. */
export class RequestNotFoundError extends LendingSdkError {
  readonly code = "REQUEST_NOT_FOUND";

  constructor(
    readonly nftId: bigint,
    options?: { cause?: unknown },
  ) {
    super(`Request ${nftId} does not exist.`, options);
  }
}

/** A request kind or status number the SDK does not know (a newer contract?). */
export class UnknownRequestEnumError extends LendingSdkError {
  readonly code = "UNKNOWN_REQUEST_ENUM";

  constructor(
    readonly field: "kind" | "status",
    readonly value: number,
  ) {
    super(`Unknown request ${field} ${value}.`);
  }
}

/** A swap quote without a valid target address or call data. */
export class InvalidSwapQuoteError extends LendingSdkError {
  readonly code = "INVALID_SWAP_QUOTE";

  constructor(readonly reason: string) {
    super(`Invalid swap quote: ${reason}.`);
  }
}

/**
 * A protocol contract reverted with one of its custom errors (`errorName`, e.g. "KycExpired",
 * "DepositBelowMinimum", "InsufficientShares"; see contracts/src/libraries/Errors.sol).
 */
export class ProtocolRevertError extends LendingSdkError {
  readonly code = "PROTOCOL_REVERT";

  constructor(
    readonly errorName: string,
    readonly args: readonly unknown[],
    options?: { cause?: unknown },
  ) {
    super(`The contract reverted with ${errorName}.`, options);
  }
}
