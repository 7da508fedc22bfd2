// @vitest-environment node
import { buildStatement, parseStatementPeriod, type PortfolioPosition } from "@lending/sdk";
import { describe, expect, it } from "vitest";
import { statementPdf } from "./statements";

const position = (balance: bigint): PortfolioPosition =>
  ({
    poolId: 1n,
    poolName: "Cash Management Fund",
    trancheId: 0n,
    trancheName: "Senior",
    deposited: 1_000_000_000n,
    withdrawn: 0n,
    interestEarned: balance - 1_000_000_000n,
    losses: 0n,
    balance,
  }) as PortfolioPosition;

describe("the statement's PDF", () => {
  it("is a PDF of several pages naming the period, rendered from the statement", async () => {
    const period = parseStatementPeriod("2026-Q3");
    const statement = buildStatement({
      user: "0x0000000000000000000000000000000000000001",
      period,
      asOf: period.end,
      chainId: 31337,
      openingBlock: 1n,
      closingBlock: 2n,
      generatedAt: period.end,
      opening: { pools: [] },
      closing: {
        pools: [
          {
            poolId: 1n,
            poolName: "p",
            positions: [position(1_012_000_000n)],
            totalInvested: 0n,
            balance: 0n,
            interestEarned: 0n,
          },
        ],
      },
      // enough transactions for more than one page
      transactions: Array.from({ length: 80 }, (_, i) => ({
        kind: "depositAccepted" as const,
        poolId: 1n,
        trancheId: 0n,
        reference: String(i),
        amount: 12_500_000n,
        timestamp: period.start + i * 3600,
        transactionHash: `0x${i}`,
      })),
    });
    const pdf = await statementPdf(statement);
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("Statement of account Q3 2026");
    const pages = text.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });
});
