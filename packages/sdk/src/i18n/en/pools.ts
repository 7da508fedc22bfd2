/** The lending list with its Lend buttons (first load of /lending: keep it small). */
export const pools = {
  empty: "There are no lending strategies open yet.",
  tranche: "Tranche",
  variableApy: "Variable APY",
  minDeposit: "Min. deposit",
  maxDeposit: "Max. deposit",
  action: "Action",
  oversubscribed: "Oversubscribed",
  oversubscribedTooltip:
    "This tranche is temporarily oversubscribed. Please check again next epoch.",
  closed: "Closed",
  closedTooltip:
    "This tranche is closed to new deposits (after a loss, or by the pool manager). Existing positions and withdrawals are unaffected.",
  epochLimitReached:
    "You have reached your maximum deposit in this tranche for this epoch. You can lend into it again next epoch.",
  lend: "Lend",
  details: "Pool details",
  detailsOf: "Pool details of {pool}",
  lendInto: "Lend into {tranche}",
  kycStatusUnavailable: "Verification status unavailable",
} as const;
