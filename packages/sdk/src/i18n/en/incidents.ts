/**
 * Incidents and losses (issue 22 items 10 and 11): the notice on a pool's card and on a position,
 * the Loss row of My transactions, the mail to the pool's lenders.
 */
export const incidents = {
  incidentTitle: "Incident open",
  incidentText:
    "Since {date} the pool manager is assessing a possible loss on this pool. Clearing waits until the incident is closed.",
  lossTitle: "Loss reported",
  lossText: "On {date} the pool manager reported a loss of {amount} USDC on this pool.",
  lossTranches: "Tranches hit: {tranches}",
  trancheChange: "{tranche}: {before} → {after} USDC",
  moreLosses: "{count} losses reported on this pool in all.",
  positionText: "On {date} a loss of {amount} USDC was reported on {pool}.",
  positionChange: "Your position in {tranche} changed by {change} USDC ({before} → {after} USDC).",
  positionUnchanged: "Your position in {tranche} was not affected: {after} USDC.",
  positionReason: "Reason: a loss reported by the pool manager.",
  managerReason: "The pool manager's reason: {reason}",
  transaction: "Transaction: {link}",
  historyType: "Loss",
  historyStatus: "Loss reported",
  historyAmount: "{change} USDC",
  historyTranches: "{tranches}",
  mailSubject: "A loss was reported on {pool}",
  mailText:
    "On {date} the pool manager reported a loss of {amount} USDC on {pool}.\n\n{reason}Tranches hit: {tranches}.\n\n{change}\n{positions}\n\nTransaction: {transaction}\nYou can follow it in your portfolio: {url}",
  mailChanged: "Your position changed by {change} USDC:",
  mailUnchanged: "The loss did not reach your position:",
  mailPosition: "- {tranche}: {before} → {after} USDC",
  mailPositionUnchanged: "- {tranche}: not affected, {after} USDC",
  mailReason: "The pool manager's note: {reason}\n\n",
} as const;
