import { describe, expect, it } from "vitest";
import {
  buildContractDownloadMessage,
  buildEmailChallengeMessage,
  buildEmailConfirmationMessage,
  buildKycChallengeMessage,
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  buildLoanTicketMessage,
  buildReferralMessage,
  signedMessage,
} from "./messages";

const A = "0xAbCdEf0000000000000000000000000000000001";
const a = A.toLowerCase();
const chainId = 31337;
const terms = { poolId: 1n, trancheId: 2n, fixedTermConfigId: 0n };

describe("signed messages", () => {
  it("lists every loan ticket request, then the timestamp and the chain", () => {
    expect(
      buildLoanTicketMessage({
        userID: A,
        requests: [
          { endBorrowerID: "b1", poolID: "0", trancheID: "1", status: "optedIn" },
          { endBorrowerID: "b2", poolID: "0", trancheID: "2", status: "optedOut" },
        ],
        timestamp: 1_700_000_000_000,
        chainId,
      }),
    ).toBe(
      `Loan ticket decisions of ${a}\n1. borrower b1, pool 0, tranche 1: optedIn\n` +
        `2. borrower b2, pool 0, tranche 2: optedOut\nTimestamp: 1700000000000 on chain 31337`,
    );
  });

  it("states the contract download request verbatim (spec section 7), then the chain", () => {
    expect(buildContractDownloadMessage({ address: A, id: 7, timestamp: 123, chainId })).toBe(
      `a request for contract content for ${a}/7 at 123 on chain 31337`,
    );
  });

  it("names the contract, the signer and the time in an acceptance", () => {
    expect(buildLoanContractAcceptanceMessage({ address: A, id: 7, timestamp: 123, chainId })).toBe(
      `an acceptance of loan contract 7 by ${a} at 123 on chain 31337`,
    );
    // a different contract or time is a different message (no reuse across contracts)
    expect(
      buildLoanContractAcceptanceMessage({ address: A, id: 8, timestamp: 123, chainId }),
    ).not.toBe(buildLoanContractAcceptanceMessage({ address: A, id: 7, timestamp: 123, chainId }));
  });

  it("names the terms of a loan contract request: pool, tranche, variable or fixed-term APY", () => {
    const fixed = { poolId: 3, trancheId: "4", fixedTermConfigId: 5n };
    expect(
      buildLenderAgreementMessage({
        address: A,
        depositAmount: "7",
        ...fixed,
        timestamp: 9,
        chainId,
      }),
    ).toBe(
      `a request for a loan contract for ${a} to deposit 7 USDC into pool 3, tranche 4, fixed-term APY 5 at 9 on chain 31337`,
    );
  });

  it("lowercases addresses in every message", () => {
    const texts = [
      buildLenderAgreementMessage({
        address: A,
        depositAmount: "100.5",
        ...terms,
        timestamp: 1,
        chainId,
      }),
      buildReferralMessage({ owner: A, referrer: A, chainId: 8453 }),
      buildKycChallengeMessage({ address: A, isIndividual: false, timestamp: 1, chainId }),
      buildEmailChallengeMessage({ address: A, email: " Me@Example.org ", timestamp: 1, chainId }),
      buildEmailConfirmationMessage({ address: A, email: "Me@Example.org", timestamp: 1, chainId }),
    ];
    for (const t of texts) expect(t).not.toContain(A);
    expect(texts[0]).toBe(
      `a request for a loan contract for ${a} to deposit 100.5 USDC into pool 1, tranche 2, variable APY at 1 on chain 31337`,
    );
    expect(texts[1]).toBe(`I confirm that ${a} referred ${a} on chain 8453`);
    expect(texts[2]).toBe(
      `a request to verify the identity of ${a} as a business entity at 1 on chain 31337`,
    );
    expect(texts[3]).toBe(
      `a request to set the email of ${a} to me@example.org at 1 on chain 31337`,
    );
    expect(texts[4]).toBe(
      `a confirmation of the email me@example.org for ${a} at 1 on chain 31337`,
    );
  });

  it("ends every signed message with its chain, so one chain's signature fails on another", () => {
    const builders = [
      (chainId: number) =>
        buildLoanTicketMessage({
          userID: A,
          requests: [{ endBorrowerID: "b1", poolID: "0", trancheID: "1", status: "optedIn" }],
          timestamp: 1,
          chainId,
        }),
      (chainId: number) =>
        buildLenderAgreementMessage({
          address: A,
          depositAmount: "1",
          ...terms,
          timestamp: 1,
          chainId,
        }),
      (chainId: number) =>
        buildContractDownloadMessage({ address: A, id: 1, timestamp: 1, chainId }),
      (chainId: number) =>
        buildLoanContractAcceptanceMessage({ address: A, id: 1, timestamp: 1, chainId }),
      (chainId: number) => buildReferralMessage({ owner: A, referrer: A, chainId }),
      (chainId: number) =>
        buildKycChallengeMessage({ address: A, isIndividual: true, timestamp: 1, chainId }),
      (chainId: number) =>
        buildEmailChallengeMessage({ address: A, email: "a@b.c", timestamp: 1, chainId }),
      (chainId: number) =>
        buildEmailConfirmationMessage({ address: A, email: "a@b.c", timestamp: 1, chainId }),
    ];
    for (const build of builders) {
      expect(build(8453).endsWith(" on chain 8453")).toBe(true);
      expect(build(31337)).not.toBe(build(8453));
    }
    expect(signedMessage("x", 84532)).toBe("x on chain 84532");
  });
});
