/** The local demo controls (chain 31337 only): the floating dev panel. */
export const devPanel = {
  open: "Demo controls",
  title: "Demo controls (local chain)",
  description:
    "Move the local chain's clock and fund your wallet. The keeper clears each pool as soon as its clearing period opens.",
  toClearing: "Move to the clearing period",
  toNextEpoch: "Move to the next epoch",
  fund: "Fund my wallet",
  fundHint: "10,000 USDC, 1,000 {product} and 10 ETH",
  connectFirst: "Connect a wallet to fund it.",
  working: "Working…",
  moved: "Chain time is now {time}",
  funded: "Sent 10,000 USDC, 1,000 {product} and 10 ETH to {address}",
  failed: "Demo control failed",
  playDefault: "Play a default",
  playDefaultHint:
    "Opens an incident, reports the loss (drawing it as a loan first if needed), clears due epochs and closes the incident.",
  defaultPool: "Pool",
  defaultAmount: "Loss (USDC)",
  playDefaultButton: "Report a loss of {amount} USDC",
  defaulted:
    "Reported a loss of {amount} USDC on {pool} in {count} transactions; {mailed} lender(s) mailed",
  defaultedMailFailed:
    "Reported a loss of {amount} USDC on {pool} in {count} transactions; the mail failed: {error}",
} as const;
