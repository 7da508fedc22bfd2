/** Feature flags (issue 13): the Coming Soon modal of /locking and the unreleased feature modal. */
export const features = {
  comingSoon: {
    title: "Coming soon",
    text: "The {product} token launch is in preparation: locking, loyalty levels and rewards open with it. In the meantime, start lending to earn interest from the first epoch.",
    back: "Go Back",
  },
  unreleased: {
    title: "Not available yet",
    text: "{feature} is not available yet: it is being prepared and will open soon. Everything else works as usual.",
    close: "Close",
    names: {
      lock: "Locking",
      unlock: "Unlocking",
      referral: "The referral programme",
      rewards: "Claiming rewards",
      fixApy: "Fix APY",
      withdrawAtExpiry: "Withdrawing at expiry",
      loanContracts: "Viewing loan contracts",
      historicalRepayments: "Historical repayments",
    },
  },
} as const;
