import { describe, expect, it } from "vitest";
import type { HistoryLoss } from "../entities/history";
import {
  formatUsdcChange,
  latestLossOf,
  lossMail,
  lossTrancheNames,
  positionValues,
  trancheChangeLines,
} from "./losses";

const tranches = [
  { trancheId: 0, trancheName: "Junior", valueBefore: "1000000000", valueAfter: "0" },
  { trancheId: 1, trancheName: "Mezzanine", valueBefore: "500000000", valueAfter: "400000000" },
  { trancheId: 2, trancheName: "Senior", valueBefore: "800000000", valueAfter: "800000000" },
];

const loss: HistoryLoss = {
  id: "loss-31337-0xab-1",
  type: "Loss",
  owner: "0x01",
  poolId: "0",
  poolName: "Growth Pool",
  poolLoss: "1100000000",
  change: "-100000000",
  tranches: [
    {
      trancheId: 1,
      trancheName: "Mezzanine",
      shares: "1",
      variableBefore: "300000000",
      variableAfter: "240000000",
      fixedTermBefore: "200000000",
      fixedTermAfter: "160000000",
      change: "-100000000",
    },
  ],
  timestamp: 1_700_000_000,
  blockNumber: "10",
  transactionHash: "0xab",
};

describe("losses", () => {
  it("writes a change with its sign, never hiding a loss", () => {
    expect(formatUsdcChange(-300_000_000n)).toBe("-300.00");
    expect(formatUsdcChange("12500000")).toBe("+12.50");
    expect(formatUsdcChange(0n)).toBe("0.00");
    expect(formatUsdcChange(-1n)).toBe("-0.000001");
  });

  it("names the tranches a loss hit, junior first, and what each lost", () => {
    expect(lossTrancheNames(tranches)).toBe("Junior, Mezzanine");
    expect(trancheChangeLines(tranches.slice(0, 1))).toEqual(["Junior: 1,000.00 → 0.00 USDC"]);
  });

  it("finds the newest loss of a position and its values (variable + fixed term)", () => {
    const older = { ...loss, id: "old", timestamp: 1 };
    expect(latestLossOf([older, loss], 0n, 1)?.id).toBe(loss.id);
    expect(latestLossOf([older, loss], 0n, 0)).toBeUndefined();
    expect(latestLossOf([older, loss], 1n, 1)).toBeUndefined();
    expect(positionValues(loss.tranches[0]!)).toEqual({
      before: 500_000_000n,
      after: 400_000_000n,
      change: -100_000_000n,
    });
  });

  it("mails the pool, the tranches hit, the date and the position change", () => {
    const mail = lossMail(
      loss,
      { tranches },
      { transaction: "0xab", portfolio: "http://app/portfolio" },
      0,
    );
    expect(mail.subject).toBe("A loss was reported on Growth Pool");
    expect(mail.text).toContain("reported a loss of 1,100.00 USDC on Growth Pool");
    expect(mail.text).toContain("Tranches hit: Junior, Mezzanine.");
    expect(mail.text).toContain("Your position changed by -100.00 USDC");
    expect(mail.text).toContain("- Mezzanine: 500.00 → 400.00 USDC");
    expect(mail.text).toContain("14.11.2023 22:13:20");
    expect(mail.text).toContain("http://app/portfolio");
    expect(mail.text).not.toContain("note");
    const noted = lossMail(
      loss,
      { tranches },
      { transaction: "0xab", portfolio: "p" },
      0,
      " Borrower X defaulted ",
    );
    expect(noted.text).toContain("The pool manager's note: Borrower X defaulted\n\nTranches hit");
  });

  it("tells a lender the loss did not reach never writes a change of 0.00", () => {
    const senior = {
      ...loss,
      change: "0",
      tranches: [
        {
          ...loss.tranches[0]!,
          trancheId: 2,
          trancheName: "Senior",
          variableBefore: "800000000",
          variableAfter: "800000000",
          fixedTermBefore: "0",
          fixedTermAfter: "0",
          change: "0",
        },
      ],
    };
    const mail = lossMail(senior, { tranches }, { transaction: "0xab", portfolio: "p" }, 0);
    expect(mail.text).toContain(
      "The loss did not reach your position:\n- Senior: not affected, 800.00 USDC",
    );
    expect(mail.text).not.toContain("0.00 USDC:");
    expect(mail.text).not.toContain("changed by");
  });
});
