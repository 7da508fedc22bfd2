/** /portfolio/wallet-balance: the supported tokens of the chain in the connected wallet. */
export const walletBalance = {
  title: "Wallet balance",
  lead: "The supported tokens of this network in your connected wallet, with their value in US dollars. Balances refresh every minute.",
  connectPrompt: "Connect a wallet to see its token balances.",
  tableLabel: "Token balances",
  token: "Token",
  balance: "Balance",
  usdValue: "Value (USD)",
  /** a USD amount: `usd` is already formatted with 2 decimals */
  usd: "${usd}",
  readError: "The balances could not be read from the network.",
  noTokens: "No supported tokens are known on this network.",
  pricesUnavailable: "USD values are hidden while a token price is unavailable.",
} as const;
