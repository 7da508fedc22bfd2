import { referral, validation } from "../i18n";
import {
  CircularReferralError,
  ReferralAlreadyExistsError,
  ReferredUserNotVerifiedError,
  ReferrerNotVerifiedError,
  ReferredUserAlreadyDepositedError,
  SelfReferralError,
  type DomainError,
} from "./errors";

/**
 * Referral eligibility (spec sections 5 and 8): no existing reference, not oneself, and only
 * users who have not deposited yet. Issue 24 adds, for each fact the caller knows (undefined:
 * not checked here): oneself is also another wallet of the same verified person
 * (`sameIdentity`), the referrer and the user must be verified lenders, and the referrer must
 * not have been referred by the user, directly or down a chain (`circular`).
 *
 * @example checkReferralEligibility({ user: "0xa", referrer: "0xa", hasReference: false, hasDeposited: false })
 * // SelfReferralError
 */
export function checkReferralEligibility(args: {
  user: string;
  referrer: string;
  hasReference: boolean;
  hasDeposited: boolean;
  referrerVerified?: boolean;
  userVerified?: boolean;
  sameIdentity?: boolean;
  circular?: boolean;
}): DomainError | null {
  if (args.hasReference) return new ReferralAlreadyExistsError();
  if (args.user.toLowerCase() === args.referrer.toLowerCase()) return new SelfReferralError();
  if (args.hasDeposited) return new ReferredUserAlreadyDepositedError();
  if (args.referrerVerified === false) return new ReferrerNotVerifiedError();
  if (args.userVerified === false) return new ReferredUserNotVerifiedError();
  if (args.sameIdentity) return new SelfReferralError();
  if (args.circular) return new CircularReferralError();
  return null;
}

/**
 * The user-facing text for a referral server error (spec section 8).
 *
 * @example referralErrorText("You cannot refer yourself") // "You cannot refer yourself."
 */
export function referralErrorText(serverError: string): string {
  switch (serverError) {
    case validation.referralAlreadyExists:
      return referral.alreadyExists;
    case validation.selfReferral:
      return referral.selfReferral;
    case validation.userAlreadyDeposited:
      return referral.alreadyDeposited;
    case validation.referrerNotVerified:
      return referral.referrerNotVerified;
    case validation.userNotVerified:
      return referral.notVerified;
    case validation.circularReferral:
      return referral.circular;
    default:
      return serverError;
  }
}

/** Success text once a referral code is applied. */
export const REFERRAL_APPLIED_TEXT = referral.applied;

/**
 * Referral link of a wallet, prefixed by the site origin.
 *
 * @example referralLink("https://app.example", "0xAbC") // "https://app.example/referrals/0xAbC"
 */
export function referralLink(origin: string, walletAddress: string): string {
  return `${origin.replace(/\/$/, "")}/referrals/${walletAddress}`;
}
