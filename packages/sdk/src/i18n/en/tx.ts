/** The transaction pipeline's toasts and the approve-then-act button (spec sections 4 and 8). */
export const tx = {
  processing: "Processing",
  rejected: "Rejected",
  insufficientFunds: "insufficient balance",
  reverted: "transaction reverted",
  unexpectedError: "unexpected error",
  swapDataFailure: "Swap data failure: {error}",
  approve: "Approve",
  approving: "Approving...",
  confirming: "Confirming...",
  confirm: "Confirm",
  errors: {
    deposit: "deposit error",
    withdraw: "withdraw error",
    withdrawAtExpiry: "withdraw at expiry error",
    fixApy: "fix APY error",
    approve: "approve error",
    swap: "swap error",
  },
} as const;
