/**
 * The referral-detected modal (the visitor's page of a referral link opens it on load): its own
 * module, so that page carries these words, not the whole referral catalog (issue 26);
 * `referral.detected` is the same object.
 */
export const referralDetected = {
  title: "Referral detected",
  text: "You opened the referral link of {address}. Apply it to link your account to them: only new users who have not deposited yet are eligible.",
  connect: "Connect your wallet to apply the referral code.",
  connectButton: "Connect Wallet",
  apply: "Apply referral code",
  applying: "Applying...",
  unable: "Unable to apply the referral code.",
  errorTitle: "Referral error",
  close: "Close",
} as const;
