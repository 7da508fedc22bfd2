import { describe, expect, it } from "vitest";
import {
  CircularReferralError,
  SelfReferralError,
  ReferralAlreadyExistsError,
  ReferredUserAlreadyDepositedError,
  ReferredUserNotVerifiedError,
  ReferrerNotVerifiedError,
} from "./errors";
import { formatEstimate } from "./estimate";
import {
  checkReferralEligibility,
  referralErrorText,
  referralLink,
  REFERRAL_APPLIED_TEXT,
} from "./referral";
import { canOfferCancel, isDelegateInitiated, withdrawalStatusLabel } from "./requests";
import {
  dailyGroupId,
  decisionTimeLeftMs,
  formatEpochLockDuration,
  isFixApyLockedOut,
  isFreshSignatureTimestamp,
  validationDebounceMs,
} from "./time";

const DAY = 86_400_000;

describe("request labels", () => {
  it("labels withdrawals", () => {
    expect(withdrawalStatusLabel("Requested", 10n)).toBe("Requested");
    expect(withdrawalStatusLabel("Forced", 10n)).toBe("Forced");
    expect(withdrawalStatusLabel("Accepted", 0n)).toBe("Fully Accepted");
    expect(withdrawalStatusLabel("Accepted", -1n)).toBe("Fully Accepted");
    expect(withdrawalStatusLabel("Accepted", 1n)).toBe("Partially Accepted");
  });
  it("marks delegate-initiated events within 30 days of the first", () => {
    expect(isDelegateInitiated(30 * DAY, 0)).toBe(true);
    expect(isDelegateInitiated(30 * DAY + 1, 0)).toBe(false);
  });
  it("offers cancel only for Requested and canCancel", () => {
    expect(canOfferCancel({ requestStatus: "Requested", canCancel: true })).toBe(true);
    expect(canOfferCancel({ requestStatus: "Requested", canCancel: false })).toBe(false);
    expect(canOfferCancel({ requestStatus: "Processed", canCancel: true })).toBe(false);
  });
});

describe("time rules", () => {
  it("debounces 500 ms for swaps and 1 s for USDC", () => {
    expect(validationDebounceMs("USDC")).toBe(1000);
    expect(validationDebounceMs("ETH")).toBe(500);
  });
  it("locks fix APY within 2 days of the epoch end", () => {
    expect(isFixApyLockedOut(2 * DAY, 0)).toBe(true);
    expect(isFixApyLockedOut(2 * DAY + 1, 0)).toBe(false);
  });
  it("accepts signature timestamps within 5 minutes either way", () => {
    const now = 1_800_000_000_000;
    expect(isFreshSignatureTimestamp(now - 300_000, now)).toBe(true);
    expect(isFreshSignatureTimestamp(now - 300_001, now)).toBe(false);
    expect(isFreshSignatureTimestamp(now + 300_001, now)).toBe(false);
    expect(isFreshSignatureTimestamp(Number.NaN, now)).toBe(false);
  });
  it("shows a lock duration as about N weeks", () => {
    expect(formatEpochLockDuration(26n)).toBe("about 26 weeks");
    expect(formatEpochLockDuration(1)).toBe("about 1 week");
  });
  it("counts the decision window down from 2 days", () => {
    expect(decisionTimeLeftMs(0, DAY)).toBe(DAY);
    expect(decisionTimeLeftMs(0, 3 * DAY)).toBe(0);
  });
  it("groups tickets by UTC day", () => {
    expect(dailyGroupId(Date.UTC(2026, 10, 21, 15, 3))).toBe(Date.UTC(2026, 10, 21));
  });
});

describe("referrals", () => {
  it("checks the rules in order", () => {
    const base = { user: "0xAa", referrer: "0xbb", hasReference: false, hasDeposited: false };
    expect(checkReferralEligibility(base)).toBeNull();
    expect(checkReferralEligibility({ ...base, hasReference: true })).toBeInstanceOf(
      ReferralAlreadyExistsError,
    );
    expect(checkReferralEligibility({ ...base, referrer: "0xaa" })).toBeInstanceOf(
      SelfReferralError,
    );
    expect(checkReferralEligibility({ ...base, hasDeposited: true })).toBeInstanceOf(
      ReferredUserAlreadyDepositedError,
    );
  });
  it("refuses an unverified referrer or user, a second wallet of the same person and a cycle (issue 24)", () => {
    const base = { user: "0xAa", referrer: "0xbb", hasReference: false, hasDeposited: false };
    const ok = { referrerVerified: true, userVerified: true, sameIdentity: false, circular: false };
    expect(checkReferralEligibility({ ...base, ...ok })).toBeNull();
    expect(checkReferralEligibility({ ...base, ...ok, referrerVerified: false })).toBeInstanceOf(
      ReferrerNotVerifiedError,
    );
    expect(checkReferralEligibility({ ...base, ...ok, userVerified: false })).toBeInstanceOf(
      ReferredUserNotVerifiedError,
    );
    expect(checkReferralEligibility({ ...base, ...ok, sameIdentity: true })).toBeInstanceOf(
      SelfReferralError,
    );
    expect(checkReferralEligibility({ ...base, ...ok, circular: true })).toBeInstanceOf(
      CircularReferralError,
    );
    expect(referralErrorText("Referrer is not verified")).toMatch(
      /only verified lenders can refer/,
    );
    expect(referralErrorText("User is not verified")).toMatch(/^Verify your identity first/);
    expect(referralErrorText("Circular referral")).toBe(
      "You cannot apply the referral code of a lender you referred.",
    );
  });
  it("maps server errors to the spec's copy", () => {
    expect(referralErrorText("Reference already exists")).toBe(
      "You already have a referral code linked to your account.",
    );
    expect(referralErrorText("You cannot refer yourself")).toBe("You cannot refer yourself.");
    expect(referralErrorText("User has already deposited")).toBe(
      "Only new users who have not deposited are eligible for the referral program.",
    );
    expect(REFERRAL_APPLIED_TEXT).toBe("Referral Code Applied");
    expect(referralLink("https://x.io/", "0xAb")).toBe("https://x.io/referrals/0xAb");
  });
});

describe("estimate floor", () => {
  it("shows tiny positive estimates as a floor", () => {
    expect(formatEstimate(5n, 6, 10_000n)).toBe("< 0.01");
    expect(formatEstimate(0n, 6, 10_000n)).toBe("0.00");
    expect(formatEstimate(1_234_567n, 6, 10_000n)).toBe("1.23");
  });
});
