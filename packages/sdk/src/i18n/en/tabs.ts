/** Section tabs of the lending and portfolio pages. */
export const tabs = {
  lendingLabel: "Lending",
  lending: {
    open: "Open strategies",
    fullySubscribed: "Fully subscribed",
    closed: "Closed",
    importantInformation: "Important information",
    riskWarning: "Risk warning",
  },
  portfolioLabel: "Portfolio",
  portfolio: {
    overview: "Overview",
    myTransactions: "My transactions",
    bonusAndRewards: "Bonus and rewards",
    walletBalance: "Wallet balance",
  },
} as const;
