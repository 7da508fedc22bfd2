/**
 * Readable messages for the protocol's reverts a lender can meet (shown under the 'transaction
 * reverted' toast; an error without an entry shows its name).
 */
export const reverts = {
  PoolBehindSchedule:
    "The pool's previous epochs are still being cleared. Please try again in a few minutes.",
  ClearingNotOpen: "The clearing period has not started yet.",
  EpochAlreadyCleared: "This epoch has already been cleared.",
  KycBlocked: "This wallet cannot lend. Please contact support.",
  KycExpired: "The KYC authorisation expired. Please try again.",
  InvalidKycNonce: "The KYC authorisation was already used. Please try again.",
  InvalidKycSignature: "The KYC authorisation is not valid. Please try again.",
  DepositBelowMinimum: "The amount is below the tranche's minimum deposit.",
  DepositAboveMaximum: "The amount is above the tranche's maximum deposit.",
  FixedTermNotAvailable: "This fixed term is not available.",
  FixedTermLockClosed:
    "Fix APY is closed during the last 2 days of an epoch. Please try again when the next epoch starts.",
  WithdrawAtExpiryNotAllowed:
    "This fixed loan can no longer be withdrawn at expiry: the request must be made earlier.",
  InsufficientShares: "The amount is more than your available balance.",
  RequestNotFound: "This request can no longer be changed: it was processed or cancelled.",
  NotOwner: "This request belongs to another wallet.",
  RateChangePending: "A rate change is pending for this tranche. Please try again later.",
  InsufficientGas: "The transaction needs more gas. Please try again.",
  EnforcedPause: "The protocol is paused. Please try again later.",
  TrancheClosed: "This tranche is closed to new deposits. Please choose another tranche.",
  ForcedWithdrawalNotCancellable:
    "This withdrawal was requested by the pool manager and cannot be cancelled.",
} as const satisfies Record<string, string>;

export type RevertName = keyof typeof reverts;
