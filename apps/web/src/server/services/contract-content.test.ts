// @vitest-environment node
import { describe, expect, it } from "vitest";
import { renderContract } from "./contract-content";

const fields = {
  fullName: "Ada Lovelace",
  address: "0xab",
  depositAmount: "1500.25",
  date: "02.03.2026 at 10:00:00 UTC+00:00",
  appName: "Lending",
};

describe("renderContract", () => {
  it("fills the catalog wording: parties, amount, the retail clause, the important note", () => {
    const { contractMessage, formatted } = renderContract(
      { ...fields, contractType: "retail" },
      "v1",
    );
    expect(formatted.title).toBe("Loan Contract");
    expect(formatted.version).toBe("v1");
    expect(formatted.sections.map((s) => s.heading)).toEqual([
      "1. Parties",
      "2. The loan",
      "3. Interest and repayment",
      "4. Risks",
    ]);
    expect(formatted.sections[0]!.paragraphs).toEqual([
      'This loan contract is made on 02.03.2026 at 10:00:00 UTC+00:00 between Ada Lovelace (the "Lender"), holding the wallet 0xab, and the lending pool operated through Lending (the "Borrower Pool").',
      "The Lender is treated as a retail lender.",
    ]);
    expect(formatted.sections[1]!.paragraphs[0]).toBe(
      "The Lender lends 1500.25 USDC to the chosen tranche of the Borrower Pool by depositing it through the smart contracts of the protocol.",
    );
    expect(contractMessage.split("\n").slice(0, 5)).toEqual([
      "Loan Contract",
      "",
      "1. Parties",
      formatted.sections[0]!.paragraphs[0],
      "The Lender is treated as a retail lender.",
    ]);
    expect(contractMessage.endsWith(`\n\n${formatted.importantNote}`)).toBe(true);
    expect(contractMessage).not.toMatch(/\{\w+\}/);
  });

  it("chooses the exempt clause for a business entity", () => {
    const { formatted } = renderContract({ ...fields, contractType: "exempt" }, "v1");
    expect(formatted.sections[0]!.paragraphs[1]).toBe(
      "The Lender is treated as a professional (exempt) lender.",
    );
  });

  it("refuses an unknown wording version", () => {
    expect(() => renderContract({ ...fields, contractType: "retail" }, "v0")).toThrow(
      "Unknown loan contract version v0",
    );
  });

  const terms = {
    poolId: "1",
    trancheId: "2",
    fixedTermConfigId: "0",
    poolName: "Apxor Invoice Finance",
    trancheName: "Senior",
    apy: "8.50%",
  };

  it("v2 states what is agreed: the pool, the tranche, the variable APY, the amount, the wallet", () => {
    const { contractMessage, formatted } = renderContract({
      ...fields,
      depositAmount: "1,000.00",
      contractType: "retail",
      terms,
    });
    expect(formatted.version).toBe("v2");
    expect(formatted.terms).toEqual({ poolId: "1", trancheId: "2", fixedTermConfigId: "0" });
    expect(formatted.sections[0]!.paragraphs[0]).toBe(
      'This loan contract is made on 02.03.2026 at 10:00:00 UTC+00:00 between Ada Lovelace (the "Lender"), holding the wallet 0xab, and the Apxor Invoice Finance lending pool operated through Lending (the "Borrower Pool").',
    );
    expect(formatted.sections[1]!.paragraphs[0]).toBe(
      "The Lender lends 1,000.00 USDC to the Senior tranche of the Apxor Invoice Finance pool by depositing it from the wallet 0xab through the smart contracts of the protocol.",
    );
    expect(formatted.sections[2]!.paragraphs[0]).toBe(
      "The accepted amount earns the variable APY of the Senior tranche, 8.50% when this contract was generated. The variable APY can change every epoch.",
    );
    expect(contractMessage).not.toMatch(/\{\w+\}/);
    expect(contractMessage).not.toContain("1000 USDC");
  });

  it("v2 names a fixed APY with its term", () => {
    const { formatted } = renderContract({
      ...fields,
      contractType: "exempt",
      terms: {
        ...terms,
        fixedTermConfigId: "3",
        apy: "12.00%",
        fixed: { term: "about 26 weeks", epochs: "26" },
      },
    });
    expect(formatted.sections[2]!.paragraphs[0]).toBe(
      "The accepted amount earns a fixed APY of 12.00% for about 26 weeks (26 epochs of 7 days) from the epoch in which it is accepted. After the term it earns the variable APY of the Senior tranche unless the Lender asked to withdraw it at expiry.",
    );
  });

  it("refuses a v2 contract without its terms", () => {
    expect(() => renderContract({ ...fields, contractType: "retail" })).toThrow(
      "Loan contract v2 needs its terms",
    );
  });
});
