/** /portfolio/bonus-and-rewards (issue 13): bonus and fee share claims, the rewards history. */
export const rewards = {
  lead: "Your bonus interest in {product}, your share of the protocol fees in USDC and your referral rewards: claim them here and see what you received.",
  connectText: "Connect your wallet to see and claim your rewards.",
  connect: "Connect Wallet",
  loading: "Loading your rewards",
  error: "Your rewards could not be read.",
  bonus: {
    title: "Bonus interest",
    perEpoch: "Bonus earned per epoch",
    perEpochHint: "At level {level}, on {base} USDC of accepted deposits",
    perEpochWaiting:
      "You are at level {level}. The bonus is paid on accepted deposits: it starts once your deposit is accepted at the end of the epoch.",
    perEpochBasis:
      "You are at level {level}, which compares your r{product} to your active and pending deposits. The bonus is paid on your accepted deposits ({base} USDC), against which your r{product} gives level {bonusLevel} for now.",
    perEpochNone: "Reach loyalty level 1 to earn a bonus: lock {product} on the locking page.",
    claimable: "Bonus claimable",
    claim: "Claim bonus",
    claimed: "Bonus claimed: {amount} {product}.",
  },
  fees: {
    title: "Fee share",
    claimable: "Fee share claimable",
    amount: "{amount} USDC",
    notEligible:
      "Fee sharing counts while you hold r{product} and an active deposit: lend USDC to keep your share.",
    claim: "Claim fee share",
    claimed: "Fee share claimed: {amount} USDC.",
  },
  claiming: "Claiming...",
  history: {
    title: "Rewards received",
    caption: "Your rewards, newest first",
    empty: "You have not received any rewards yet.",
    kind: "Reward",
    amount: "Amount",
    date: "Date",
    transaction: "Transaction",
    kinds: {
      feeShare: "Fee share",
      bonus: "Bonus interest",
      launchBonus: "Launch bonus",
      referral: "Referral reward",
    },
    value: "{amount} {token}",
    pages: "Pages of your rewards",
  },
  nft: {
    title: "Partner NFT detected",
    text: "Your wallet holds a token of our partner collection. Lock {product} and lend to make the most of your rewards: see them on the bonus and rewards page.",
    link: "Go to Bonus and rewards",
    close: "Close",
  },
} as const;
