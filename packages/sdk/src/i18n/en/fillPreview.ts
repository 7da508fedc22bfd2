/** The fill preview of a pending request (issue 28 item 5): "if the epoch closed now". */
export const fillPreview = {
  /** Above the figures: what they are. */
  label: "If the epoch closed now",
  /** A deposit: USDC accepted (in its tranche and moved to more senior ones). */
  deposit: "{amount} USDC accepted",
  /** A deposit partly moved to a more senior tranche. */
  depositMoved: "{amount} USDC accepted, {moved} USDC of it in a more senior tranche",
  /** A withdrawal: USDC paid. */
  withdrawal: "{amount} USDC paid",
  /** Any part that would not fit this epoch. */
  rejected: "{amount} USDC not filled this epoch",
  /** Withdrawals: the shares that would come back, as USDC at today's price. */
  help: "An estimate from the requests queued now, the room in each tranche, the pool's free liquidity and the loyalty order. It changes as others request or cancel before the epoch closes.",
  /** The portfolio's per-position lines. */
  positionDeposits: "Pending deposits if the epoch closed now",
  positionWithdrawals: "Pending withdrawals if the epoch closed now",
  unavailable: "Not available",
} as const;
