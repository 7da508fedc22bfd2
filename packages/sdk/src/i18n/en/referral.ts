/** What the referral screens show for the server's referral errors, and on success. */
export const referral = {
  alreadyExists: "You already have a referral code linked to your account.",
  selfReferral: "You cannot refer yourself.",
  alreadyDeposited: "Only new users who have not deposited are eligible for the referral program.",
  applied: "Referral Code Applied",
} as const;
