/** The historical repayments modal (issue 12): a pool's published figures per epoch. */
export const repayments = {
  title: "Historical repayments",
  lead: "Figures the pool manager publishes for {pool} at the end of each epoch, in USDC.",
  loading: "Loading the historical repayments",
  error: "The historical repayments could not be read from the chain. Please try again later.",
  empty: "No repayment figures have been published for this pool yet.",
  caption: "Historical repayments of {pool} per epoch, in USDC",
  chartLabel:
    "Bar chart of principal and interest repayments and new funding drawdowns per epoch of {pool}. The table below has the same figures.",
  legendRepayments: "Principal and interest repayments",
  legendDrawdowns: "New funding drawdowns",
  epoch: "Epoch",
  epochValue: "Epoch {epoch}",
  epochStart: "Starts {date}",
  openingLoanBalance: "Opening loan balance",
  newFundingDrawdowns: "New funding drawdowns",
  principalInterestRepayments: "Principal and interest repayments",
  closingLoanBalance: "Closing loan balance",
  interestPaymentComponent: "Interest payment component",
  arrears: "Arrears",
  unrecoverableLosses: "Unrecoverable losses",
  close: "Close",
} as const;
