import { referralDetected } from "./referralDetected";

/** What the referral screens show for the server's referral errors, and on success. */
export const referral = {
  alreadyExists: "You already have a referral code linked to your account.",
  selfReferral: "You cannot refer yourself.",
  alreadyDeposited: "Only new users who have not deposited are eligible for the referral program.",
  referrerNotVerified:
    "This referral link belongs to a wallet whose identity is not verified: only verified lenders can refer new users.",
  notVerified: "Verify your identity first: only verified lenders can apply a referral code.",
  circular: "You cannot apply the referral code of a lender you referred.",
  applied: "Referral Code Applied",
  /** the referral modal (issue 13) */
  modal: {
    title: "Refer a friend",
    intro:
      "Share your link. When a new lender you referred earns interest, you receive {share} of the protocol fee that interest pays, in USDC, every epoch.",
    link: "Your referral link",
    copy: "Copy link",
    copied: "Link copied",
    referredUsers: "Referred users",
    lifetime: "Lifetime rewards",
    lastEpoch: "Last epoch's rewards",
    usdc: "{amount} USDC",
    viewUsers: "View referred users",
    signIn: "Sign in to see your referrals",
    signInText:
      "Your referred users and rewards are personal: sign a message with your wallet to see them. It costs nothing.",
    signInError: "Unable to show your referrals.",
    loading: "Loading your referrals",
    error: "Your referrals could not be loaded. Please try again later.",
    close: "Close",
  },
  users: {
    title: "Referred users",
    caption: "The users you referred, oldest first",
    empty: "You have not referred any users yet...",
    user: "User",
    deposit: "Deposit amount",
    reward: "Referral reward",
    pages: "Pages of your referred users",
    close: "Close",
  },
  detected: referralDetected,
} as const;
