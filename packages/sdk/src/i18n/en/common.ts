/** Short words and the frame of every page: navigation, header, footer, clearing banner. */
export const common = {
  close: "Close",
  /** a modal's frame while its code loads (ModalLoading, components/modal/ModalFrame) */
  modalLoading: "Loading…",
  /**
   * The titles of the modals whose frame shows while their code loads: here, so that a visitor's
   * first load carries them without the whole lend, withdraw and wallet copy (those use them).
   */
  modalTitles: { connectWallet: "Connect a wallet", lend: "Lend", withdraw: "Withdraw" },
  tryAgain: "Try again",
  viewTransaction: "View transaction",
  /** read out after a link that opens in a new tab (a document beside an open modal) */
  opensInNewTab: "(opens in a new tab)",
  usdcAmount: "{amount} USDC",
  nav: {
    label: "Main",
    lending: "Lending",
    locking: "Locking",
    portfolio: "My Portfolio",
  },
  header: {
    subordination: "Subordination of loans ↗",
  },
  footer: {
    copyright: "© {appName}",
    importantInformation: "Important information",
    riskWarning: "Risk warning",
    docs: "Docs",
    borrow: "Borrow",
  },
  clearing: {
    unavailable: "Next clearing period: unavailable right now.",
    startsOn: "Next clearing period starts on {date}",
    dateTime: "{date} at {time} {offset}",
    startsIn: "Starts in",
  },
  readError: {
    thisNetwork: "this network",
    notDeployedTitle: "Contracts not deployed",
    notDeployedDetail:
      "The lending contracts are not deployed on {chain}. Deploy them or switch the app to a network where they exist.",
    unreachableTitle: "Network unreachable",
    unreachableDetail:
      "The {chain} RPC endpoint did not answer. Check that the node is running and try again.",
    otherTitle: "Could not load data",
    otherDetail: "An unexpected error occurred.",
  },
  /** A page's data could not be read (issue 25): which part failed, a retry, and that it recovers. */
  loadError: {
    retry: "Retry",
    retrying: "Retrying…",
    indexerTitle: "History unavailable",
    indexerDetail:
      "The service that indexes the chain's history did not answer. Your funds are not affected.",
    serverTitle: "Server unavailable",
    serverDetail: "The app's server did not answer. Check your connection.",
    autoRetry: "This page tries again by itself every few seconds.",
  },
} as const;
