/**
 * The lender's statements (issue 28 item 3): the portfolio's section, and the text of the CSV and
 * PDF files (file text, not screen text, but copy all the same).
 */
export const statements = {
  /** The portfolio's section. */
  title: "Statements",
  lead: "A statement of your positions for a month, a quarter or a year: opening and closing value, deposits, withdrawals, interest, fees, losses and rewards, each with its transactions. For your records or your accountant.",
  kindLabel: "Statement for a",
  kindMonth: "Month",
  kindQuarter: "Quarter",
  kindYear: "Year",
  periodLabel: "Period",
  downloadCsv: "Download CSV",
  downloadPdf: "Download PDF",
  preparing: "Preparing your statement…",
  signIn: "Sign in with your wallet to download your statements.",
  error: "The statement could not be prepared. Please try again.",
  /** Period labels ({year}, {quarter}, {month} as a name). */
  periodMonth: "{month} {year}",
  periodQuarter: "Q{quarter} {year}",
  periodYear: "{year}",
  months: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  /** Errors of the period parameter (API 400). */
  badPeriod: "period must be a month (2026-07), a quarter (2026-Q3) or a year (2026), from 2000 on",
  futurePeriod: "period {period} has not started yet",
  /** Other API errors. */
  tooMany: "Too many statements: try again in a minute",
  unavailable: "The statement is unavailable: try again later",
  /** The file. */
  file: {
    heading: "Statement of account",
    lender: "Lender: {address}",
    period: "Period: {period}, {start} to {end} (UTC)",
    generated:
      "Generated on {date} (UTC) from the chain {chainId} at blocks {openingBlock} (opening) and {closingBlock} (closing).",
    asOf: "The period has not ended: closing values are as of {date} (UTC).",
    notes:
      "Values in USDC. A position's value is its shares at the tranche's share price (fixed-term locks at their value). Interest is net of the performance fee, which the pool deducts before it credits interest: no fee is charged to your positions. Rewards are listed apart; they are not part of the positions' values.",
    identity: "Opening value + deposits - withdrawals + interest - fees - losses = closing value",
    position: "{pool} - {tranche}",
    total: "All positions",
    rewardsHeading: "Bonus and rewards received",
    noRewards: "No bonus or reward was received in the period.",
    transactionsHeading: "Transactions",
    noTransactions: "No transaction in the period.",
    noPositions: "You held no position in the period.",
    page: "Page {page} of {pages}",
    /** CSV columns. */
    columns: ["Section", "Pool", "Tranche", "Date (UTC)", "Item", "Amount", "Token", "Transaction"],
    sectionStatement: "Statement",
    sectionPosition: "Position",
    sectionTransaction: "Transaction",
    sectionTotal: "Total",
    sectionReward: "Reward",
    sectionRewardTotal: "Reward total",
    /** Figures. */
    opening: "Opening value",
    deposits: "Deposits",
    withdrawals: "Withdrawals",
    interest: "Interest",
    fees: "Fees",
    losses: "Losses",
    closing: "Closing value",
    /** Transactions. */
    txDepositAccepted: "Deposit #{ref} accepted",
    txDepositReallocated: "Deposit #{ref} moved to a more senior tranche",
    txWithdrawalPaid: "Withdrawal #{ref} paid",
    txFixedTermPaid: "Fixed term #{ref} paid at expiry",
    txLoss: "Loss reported",
    rewardFeeShare: "Fee share claimed",
    rewardBonus: "Bonus claimed",
    rewardLaunchBonus: "Launch bonus",
    rewardReferral: "Referral reward",
  },
} as const;
