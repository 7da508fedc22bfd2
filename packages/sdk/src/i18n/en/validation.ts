/** Messages under inputs and of the domain rules; the server answers with the same text. */
export const validation = {
  amountRequired: "Amount is required",
  belowMinimum: "The value entered is below the minimum of {minimum} USDC",
  aboveMaximum: "The value entered is above the maximum of {maximum} USDC",
  /** more than the wallet holds (lend, lock, unlock): lower-case "balance" */
  insufficientBalance: "Insufficient balance",
  /** more than can be withdrawn or fixed (withdraw, fix APY): capital "Balance" */
  insufficientAvailableBalance: "Insufficient Balance",
  invalidAmount: "Invalid amount: {input}",
  referralAlreadyExists: "Reference already exists",
  selfReferral: "You cannot refer yourself",
  userAlreadyDeposited: "User has already deposited",
  /** issue 24: only verified lenders refer, only verified lenders are referred, no cycles */
  referrerNotVerified: "Referrer is not verified",
  userNotVerified: "User is not verified",
  circularReferral: "Circular referral",
  /** a new recovery password of the embedded wallet (View Wallet) */
  recoveryPasswordTooShort: "Use at least {min} characters",
  recoveryPasswordMismatch: "The passwords do not match",
} as const;
