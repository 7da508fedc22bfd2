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
