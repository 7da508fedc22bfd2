import { describe, expect, it } from "vitest";
import {
  AmountAboveMaximumError,
  AmountBelowMinimumError,
  AmountRequiredError,
  InsufficientAvailableBalanceError,
  InsufficientBalanceError,
  referralErrorText,
  SelfReferralError,
} from "../domain";
import * as catalog from "./en";
import { fill, fillParts, placeholdersOf } from "./index";

/** Every string of a namespace with its path, e.g. ["kyc.toasts.notCompleted", "..."]. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}
const all = Object.entries(catalog).flatMap(([ns, v]) => strings(v, ns));

describe("fill", () => {
  it("replaces every placeholder, repeated ones included", () => {
    expect(fill("Lock {product} to receive r{product}.", { product: "KSU" })).toBe(
      "Lock KSU to receive rKSU.",
    );
    expect(fill(catalog.validation.belowMinimum, { minimum: "1,000.00" })).toBe(
      "The value entered is below the minimum of 1,000.00 USDC",
    );
    expect(fill("{n} of {total}", { n: 2, total: 10n })).toBe("2 of 10");
  });

  it("throws on a missing variable outside production", () => {
    expect(() => fill("Switch to {chain}", {} as { chain: string })).toThrow(
      'Missing value for {chain} in "Switch to {chain}"',
    );
  });

  it("fillParts keeps non-text values in place for a UI to render", () => {
    const link = { href: "/docs" };
    expect(fillParts(catalog.pages.borrow.lenders, { link })).toEqual([
      "Lenders: see the ",
      link,
      " for how pools work.",
    ]);
    expect(fillParts("{a}{b}", { a: 1, b: "x" })).toEqual(["1", "x"]);
    expect(() => fillParts("{link}.", {} as { link: string })).toThrow("Missing value for {link}");
  });

  it("fills every placeholder of every catalog string", () => {
    expect(all.length).toBeGreaterThan(200);
    for (const [path, template] of all) {
      const vars = Object.fromEntries(placeholdersOf(template).map((n) => [n, `<${n}>`]));
      const filled = fill(template, vars);
      expect(filled, path).not.toMatch(/\{\w+\}/);
      for (const n of Object.keys(vars)) expect(filled, path).toContain(`<${n}>`);
    }
  });

  it("uses {product} for the token symbol, never a hard-coded KSU", () => {
    for (const [path, text] of all) expect(text, path).not.toMatch(/\bKSU\b/);
    expect(placeholdersOf(catalog.pages.docs.loyalty)).toContain("product");
  });
});

describe("the English catalog holds the spec's strings letter for letter", () => {
  it("validation messages (spec section 5), also as the domain errors' messages", () => {
    const v = catalog.validation;
    expect(v.amountRequired).toBe("Amount is required");
    expect(v.insufficientBalance).toBe("Insufficient balance");
    expect(v.insufficientAvailableBalance).toBe("Insufficient Balance");
    expect(new AmountRequiredError().message).toBe("Amount is required");
    expect(new AmountBelowMinimumError(1n, "100.00").message).toBe(
      "The value entered is below the minimum of 100.00 USDC",
    );
    expect(new AmountAboveMaximumError(1n, "5,000.00").message).toBe(
      "The value entered is above the maximum of 5,000.00 USDC",
    );
    expect(new InsufficientBalanceError().message).toBe("Insufficient balance");
    expect(new InsufficientAvailableBalanceError().message).toBe("Insufficient Balance");
    expect(new SelfReferralError().message).toBe("You cannot refer yourself");
  });

  it("referral texts (spec section 8)", () => {
    expect(referralErrorText("Reference already exists")).toBe(
      "You already have a referral code linked to your account.",
    );
    expect(referralErrorText("User has already deposited")).toBe(
      "Only new users who have not deposited are eligible for the referral program.",
    );
    expect(catalog.referral.applied).toBe("Referral Code Applied");
  });

  it("transaction toast titles (spec section 8)", () => {
    const t = catalog.tx;
    expect([t.processing, t.rejected, t.insufficientFunds, t.reverted, t.unexpectedError]).toEqual([
      "Processing",
      "Rejected",
      "insufficient balance",
      "transaction reverted",
      "unexpected error",
    ]);
    expect(t.errors.deposit).toBe("deposit error");
    expect(t.errors.withdraw).toBe("withdraw error");
    expect(t.errors.withdrawAtExpiry).toBe("withdraw at expiry error");
  });

  it("KYC modal, statuses and toasts (spec sections 2, 4 and 8)", () => {
    const k = catalog.kyc;
    expect(k.title).toBe("Identity Verification");
    expect(k.authorise).toBe("Authorise KYC Process");
    expect(k.toasts.authorisationError).toBe("KYC Authorisation Error");
    expect(k.toasts.signatureDeclined).toBe(
      "Message signature request declined. Unable to authorise the KYC process.",
    );
    expect(k.toasts.notCompleted).toBe("Identity verification process is not yet completed.");
    expect(k.toasts.underReview).toBe(
      "Your identity is being reviewed by our team. Please return to this page later.",
    );
    const w = catalog.wallet.toasts;
    expect(w.accountConnected).toBe("Account connected");
    expect(w.verifyingStatus).toBe("Verifying status of account...");
    expect(w.accountChange).toBe("Account change detected");
    expect(k.toasts.emailUpdateErrorMessage).toBe(
      "An unexpected error occured while updating your email. Please try again or contact us via the feedback link.",
    );
  });

  it("wallet button and navigation (spec section 2)", () => {
    expect(catalog.wallet.connectWallet).toBe("Connect Wallet");
    expect(catalog.wallet.connected).toBe("Connected");
    expect(catalog.common.nav).toMatchObject({
      lending: "Lending",
      locking: "Locking",
      portfolio: "My Portfolio",
    });
  });

  it("lend modal toasts and the oversubscribed tooltip (spec sections 4, 5 and 8)", () => {
    const r = catalog.lend.review;
    expect(r.signatureDeclined).toBe("Message signature request declined.");
    expect(r.generateError).toBe("Unable to generate Loan Contract.");
    expect(r.acceptError).toBe("Unable to accept Loan contract.");
    expect(r.viewError).toBe("Unable to view Loan Contract.");
    expect(`${catalog.lend.contractExpiredTitle}: ${catalog.lend.contractExpired}`).toBe(
      "Loan Contract Expired: The Loan Contract you generated has expired. Please try again.",
    );
    expect(catalog.pools.oversubscribed).toBe("Oversubscribed");
    expect(catalog.pools.oversubscribedTooltip).toBe(
      "This tranche is temporarily oversubscribed. Please check again next epoch.",
    );
  });

  it("the Loan Contract modal and its wording (spec section 2)", () => {
    const c = catalog.loanContract;
    expect(c.title).toBe("Loan Contract");
    expect(fill(c.signingDate, { date: "01.02.2026" })).toBe("Signing date: 01.02.2026");
    expect([c.back, c.accept, c.close]).toEqual(["Back", "Accept", "Close"]);
    const v1 = c.versions.v1;
    expect(v1.sections.map((s) => s.heading)).toEqual([
      "1. Parties",
      "2. The loan",
      "3. Interest and repayment",
      "4. Risks",
    ]);
    expect(v1.contractTypeClause.retail).toBe("The Lender is treated as a retail lender.");
    expect(v1.contractTypeClause.exempt).toBe(
      "The Lender is treated as a professional (exempt) lender.",
    );
    expect(v1.importantNote).toMatch(/^Important: this contract is valid for 5 minutes/);
  });
});
