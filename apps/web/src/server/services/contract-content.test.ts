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
    const { contractMessage, formatted } = renderContract({ ...fields, contractType: "retail" });
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
    const { formatted } = renderContract({ ...fields, contractType: "exempt" });
    expect(formatted.sections[0]!.paragraphs[1]).toBe(
      "The Lender is treated as a professional (exempt) lender.",
    );
  });

  it("refuses an unknown wording version", () => {
    expect(() => renderContract({ ...fields, contractType: "retail" }, "v0")).toThrow(
      "Unknown loan contract version v0",
    );
  });
});
