/**
 * The button that opens a pool's historical repayments (lending pool card, portfolio pool
 * section): its own namespace, so /lending's first load does not carry the portfolio's copy.
 */
export const repaymentsButton = {
  label: "Historical repayments",
  labelOf: "Historical repayments of {pool}",
} as const;
