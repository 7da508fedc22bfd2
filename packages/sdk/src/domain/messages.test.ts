import { describe, expect, it } from "vitest";
import {
  buildContractDownloadMessage,
  buildEmailChallengeMessage,
  buildKycChallengeMessage,
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  buildLoanTicketMessage,
  buildReferralMessage,
} from "./messages";

const A = "0xAbCdEf0000000000000000000000000000000001";
const a = A.toLowerCase();

describe("signed messages", () => {
  it("lists every loan ticket request, then the timestamp", () => {
    expect(
      buildLoanTicketMessage({
        userID: A,
        requests: [
          { endBorrowerID: "b1", poolID: "0", trancheID: "1", status: "optedIn" },
          { endBorrowerID: "b2", poolID: "0", trancheID: "2", status: "optedOut" },
        ],
        timestamp: 1_700_000_000_000,
      }),
    ).toBe(
      `Loan ticket decisions of ${a}\n1. borrower b1, pool 0, tranche 1: optedIn\n` +
        `2. borrower b2, pool 0, tranche 2: optedOut\nTimestamp: 1700000000000`,
    );
  });

  it("states the contract download request verbatim (spec section 7)", () => {
    expect(buildContractDownloadMessage({ address: A, id: 7, timestamp: 123 })).toBe(
      `a request for contract content for ${a}/7 at 123`,
    );
  });

  it("names the contract, the signer and the time in an acceptance", () => {
    expect(buildLoanContractAcceptanceMessage({ address: A, id: 7, timestamp: 123 })).toBe(
      `an acceptance of loan contract 7 by ${a} at 123`,
    );
    // a different contract or time is a different message (no reuse across contracts)
    expect(buildLoanContractAcceptanceMessage({ address: A, id: 8, timestamp: 123 })).not.toBe(
      buildLoanContractAcceptanceMessage({ address: A, id: 7, timestamp: 123 }),
    );
  });

  it("lowercases addresses in every message", () => {
    const texts = [
      buildLenderAgreementMessage({ address: A, depositAmount: "100.5", timestamp: 1 }),
      buildReferralMessage({ owner: A, referrer: A, chainId: 8453 }),
      buildKycChallengeMessage({ address: A, isIndividual: false, timestamp: 1 }),
      buildEmailChallengeMessage({ address: A, email: " Me@Example.org ", timestamp: 1 }),
    ];
    for (const t of texts) expect(t).not.toContain(A);
    expect(texts[0]).toBe(`a request for a loan contract for ${a} to deposit 100.5 USDC at 1`);
    expect(texts[1]).toBe(`I confirm that ${a} referred ${a} on chain 8453`);
    expect(texts[2]).toBe(`a request to verify the identity of ${a} as a business entity at 1`);
    expect(texts[3]).toBe(`a request to set the email of ${a} to me@example.org at 1`);
  });
});
