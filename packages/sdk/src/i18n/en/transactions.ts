/** My transactions (/portfolio/my-transactions), the request details and cancel modals (issue 11). */
export const transactions = {
  lead: "Your deposit and withdrawal requests, newest first, with their status in each epoch. A request can be cancelled while it is still pending.",
  connectPrompt: "Connect your wallet to see your deposit and withdrawal requests.",
  connect: "Connect Wallet",
  empty: "You have no deposit or withdrawal requests yet. Your requests appear here once you lend.",
  emptyLink: "Go to lending strategies",
  loadError: "Your transactions could not be loaded.",
  tableLabel: "Your transactions",
  exportCsv: "Export CSV",
  columns: {
    type: "Type",
    amount: "Requested amount",
    apy: "APY",
    pool: "Pool",
    tranche: "Tranche",
    nftId: "NFT ID",
    requestTime: "Request time",
    status: "Status",
    fixedTerm: "Fixed term",
    lastTransaction: "Last transaction",
    actions: "Actions",
  },
  types: { Deposit: "Deposit", Withdrawal: "Withdrawal", Loss: "Loss" },
  /** Fixed-term lock events, each its own row (issue 23). */
  fixedTermTypes: {
    FixApy: "Fix APY",
    FixedDeposit: "Fixed-term deposit",
    WithdrawAtExpiryRequested: "Withdraw at expiry",
    Converted: "Maturity: converted to variable",
    PaidAtExpiry: "Paid at expiry",
  },
  fixedTermStatuses: {
    FixApy: "Fixed until {date}",
    FixedDeposit: "Fixed until {date}",
    WithdrawAtExpiryRequested: "Paid on {date}",
    Converted: "Variable since {date}",
    PaidAtExpiry: "Paid",
  },
  /** A withdrawal row's amount: USDC paid once processed, else its value when requested. */
  paidUsdc: "{amount} USDC paid",
  requestedUsdc: "{amount} USDC when requested",
  returnedToVariable: "{amount} USDC back to variable",
  /** A request made of several same-epoch requests (one on chain): each shown as made. */
  partOf: "Part {part} of {parts} (one request on chain)",
  /** The indexer is more than a minute behind the chain (issue 23). */
  behind:
    "This list is {duration} behind the blockchain: recent transactions may be missing or show an old status.",
  /** The same notice on a page whose chain figures sit beside indexed ones (notices, losses, rewards). */
  behindPage:
    "Data may be out of date: the index of past transactions is {duration} behind the blockchain, so recent losses, notices and rewards may be missing here.",
  cancelUnavailable: "This request can no longer be cancelled.",
  statuses: {
    Requested: "Requested",
    Processed: "Processed",
    Cancelled: "Cancelled",
    Forced: "Forced",
    Queued: "Queued",
    "Fully Accepted": "Fully Accepted",
    "Partially Accepted": "Partially Accepted",
  },
  eventTypes: {
    Request: "Request",
    Increase: "Increase",
    Accepted: "Accepted",
    Rejected: "Rejected",
    Reallocated: "Reallocated",
    Cancelled: "Cancelled",
    PartCancelled: "Cancelled",
    Settled: "Settled",
    Forced: "Forced",
  },
  delegateInitiated: "Delegate initiated",
  variable: "Variable",
  shares: "{amount} shares",
  approxUsdc: "≈ {amount} USDC",
  details: "Details",
  detailsOf: "Details of request NFT #{nftId}",
  cancel: "Cancel",
  cancelDepositOf: "Cancel deposit request NFT #{nftId}",
  cancelWithdrawalOf: "Cancel withdrawal request NFT #{nftId}",
  /** One of several same-epoch requests (one on chain), cancelled alone. */
  cancelDepositPartOf: "Cancel part {part} of deposit request NFT #{nftId}",
  cancelWithdrawalPartOf: "Cancel part {part} of withdrawal request NFT #{nftId}",
  pagination: {
    label: "Pages of your transactions",
    previous: "Previous",
    next: "Next",
    page: "Page {page}",
    ellipsis: "…",
    summary: "{from}–{to} of {total}",
  },
  detailsModal: {
    title: "Request details",
    requestTitle: "Request",
    eventsTitle: "Events",
    eventsEmpty: "No events yet.",
    subsequentTitle: "Subsequent actions",
    subsequentEmpty: "No subsequent actions.",
    epoch: "Epoch",
    amount: "Amount",
    time: "Time",
    transaction: "Transaction",
    type: "Type",
    status: "Status",
    remaining: "Remaining queued",
    action: "Action",
    movedTo: "to tranche {tranche}",
    subsequentActionFor: "{action}: {borrower}",
    subsequentActions: {
      emailSent: "Decision pending",
      optedIn: "Opted in",
      optedOut: "Opted out",
      fundsReturned: "Funds returned",
    },
    subsequentStatuses: {
      Pending: "Pending",
      Completed: "Completed",
    },
  },
  cancelModal: {
    depositTitle: "Cancel deposit",
    withdrawalTitle: "Cancel withdrawal",
    depositText:
      "Your deposit request will be cancelled and its USDC returned to your wallet. This is possible until the request is processed in the clearing period that starts on {date}.",
    withdrawalText:
      "Your withdrawal request will be cancelled and its shares stay invested in the tranche. This is possible until the request is processed in the clearing period that starts on {date}.",
    /** until the chain's epoch times are read */
    depositTextNoDate:
      "Your deposit request will be cancelled and its USDC returned to your wallet. This is possible until the request is processed in its clearing period.",
    withdrawalTextNoDate:
      "Your withdrawal request will be cancelled and its shares stay invested in the tranche. This is possible until the request is processed in its clearing period.",
    /** A withdrawal request grown by several same-epoch requests is one request on chain. */
    mergedWithdrawalText:
      "Your withdrawals of this epoch in this tranche are one request on chain: cancelling cancels all {parts} of them ({amounts}).",
    /** One of several same-epoch requests (one on chain) cancelled alone (issue 23 item 7). */
    partText:
      "Only this request ({amount}) is cancelled. Your other requests of this epoch in this tranche stay queued with their amounts.",
    checking: "Checking the request on the blockchain...",
    notCancellable: "This request can no longer be cancelled: it has been processed or cancelled.",
    back: "Back",
    confirmDeposit: "Cancel deposit",
    confirmWithdrawal: "Cancel withdrawal",
    cancelling: "Cancelling...",
    errorTitle: "cancellation error",
  },
} as const;
