import { describe, expect, it } from "vitest";
import type { HistoryItem } from "../entities/history";
import { parseCsv } from "./csv";
import { positionFigures, type PortfolioPosition, type PortfolioSummary } from "./portfolio";
import {
  buildStatement,
  parseStatementPeriod,
  statementBalances,
  statementCsv,
  StatementPeriodError,
  StatementPeriodInFutureError,
  statementPeriods,
  statementTransactions,
  type StatementTransaction,
} from "./statements";

const usdc = (n: number) => BigInt(Math.round(n * 1_000_000));

/** A position at a date, its figures by the portfolio's own definitions. */
function at(
  trancheId: bigint,
  h: { deposited: bigint; balance: bigint; withdrawn: bigint; lost?: bigint },
): PortfolioPosition {
  const f = positionFigures({
    deposited: h.deposited,
    balance: h.balance,
    withdrawnVariable: h.withdrawn,
    fixedTerm: [],
    reportedLosses: h.lost ?? 0n,
  });
  return {
    poolId: 1n,
    poolName: '=HYPERLINK("x")',
    trancheId,
    trancheName: trancheId === 0n ? "Junior" : "Senior",
    multiTranche: true,
    ...f,
    balance: h.balance,
    availableToWithdraw: h.balance,
    pendingDeposits: 0n,
    pendingWithdrawals: 0n,
    lockedInFixedTerm: 0n,
    variableApy: 0.1,
    fixedApys: [],
  };
}
const summary = (positions: PortfolioPosition[]): Pick<PortfolioSummary, "pools"> => ({
  pools: [
    {
      poolId: 1n,
      poolName: "p",
      positions,
      totalInvested: 0n,
      balance: 0n,
      interestEarned: 0n,
    },
  ],
});

const Q3 = parseStatementPeriod("2026-Q3");
const base = {
  user: "0xABCDEF0000000000000000000000000000000001",
  period: Q3,
  asOf: Q3.end,
  chainId: 31337,
  openingBlock: 10n,
  closingBlock: 20n,
  generatedAt: Q3.end + 60,
};

describe("statement periods", () => {
  it("parses months, quarters and years in UTC, end exclusive", () => {
    expect(parseStatementPeriod("2026-07")).toMatchObject({
      kind: "month",
      label: "July 2026",
      start: Date.UTC(2026, 6, 1) / 1000,
      end: Date.UTC(2026, 7, 1) / 1000,
    });
    expect(parseStatementPeriod("2026-12").end).toBe(Date.UTC(2027, 0, 1) / 1000);
    expect(parseStatementPeriod("2026-Q3")).toMatchObject({
      kind: "quarter",
      id: "2026-Q3",
      label: "Q3 2026",
      start: 1782864000,
      end: Date.UTC(2026, 9, 1) / 1000,
    });
    expect(parseStatementPeriod("2025")).toMatchObject({
      kind: "year",
      start: Date.UTC(2025, 0, 1) / 1000,
      end: Date.UTC(2026, 0, 1) / 1000,
    });
  });

  it("refuses anything else, and a period that has not started", () => {
    for (const bad of [
      "",
      "2026-13",
      "2026-00",
      "2026-Q5",
      "2026-Q0",
      "1999",
      "26-07",
      "2026-7",
      " 2026",
      "2026-q3",
      2026,
      null,
      undefined,
      ["2026"],
    ]) {
      expect(() => parseStatementPeriod(bad), String(bad)).toThrow(StatementPeriodError);
    }
    const now = Date.UTC(2026, 7, 5) / 1000;
    expect(() => parseStatementPeriod("2026-09", now)).toThrow(StatementPeriodInFutureError);
    expect(() => parseStatementPeriod("2027", now)).toThrow("period 2027 has not started yet");
    expect(parseStatementPeriod("2026-08", now).id).toBe("2026-08");
  });

  it("lists the newest periods first, across a year's turn", () => {
    const now = Date.UTC(2026, 1, 10) / 1000;
    expect(statementPeriods("month", now, 3).map((p) => p.id)).toEqual([
      "2026-02",
      "2026-01",
      "2025-12",
    ]);
    expect(statementPeriods("quarter", now, 3).map((p) => p.id)).toEqual([
      "2026-Q1",
      "2025-Q4",
      "2025-Q3",
    ]);
    expect(statementPeriods("year", now, 2).map((p) => p.id)).toEqual(["2026", "2025"]);
  });
});

describe("buildStatement: the identities", () => {
  // Junior: 1,000 before the quarter; +500 deposited, 300 withdrawn, a loss of 40 in it.
  // Senior: opened in the quarter, 2,000 in, no loss.
  const opening = summary([
    at(0n, { deposited: usdc(1000), balance: usdc(1012.5), withdrawn: 0n }),
  ]);
  const closing = summary([
    at(0n, { deposited: usdc(1500), balance: usdc(1201.25), withdrawn: usdc(300), lost: usdc(40) }),
    at(1n, { deposited: usdc(2000), balance: usdc(2019.000001), withdrawn: 0n }),
  ]);
  const s = buildStatement({ ...base, opening, closing });

  it("per position and in total: opening + deposits - withdrawals + interest - fees - losses = closing", () => {
    expect(s.positions).toHaveLength(2);
    for (const p of [...s.positions, s.totals]) expect(statementBalances(p)).toBe(true);
    const [junior, senior] = s.positions;
    expect(junior).toMatchObject({
      opening: usdc(1012.5),
      deposits: usdc(500),
      withdrawals: usdc(300),
      losses: usdc(40),
      fees: 0n,
      closing: usdc(1201.25),
    });
    // the interest is what the cumulative "interest earned" grew by: 1201.25 + 300 + 40 - 1500 - 12.5
    expect(junior!.interest).toBe(usdc(28.75));
    expect(senior).toMatchObject({ opening: 0n, deposits: usdc(2000), interest: usdc(19.000001) });
    expect(s.totals.closing).toBe(usdc(1201.25) + usdc(2019.000001));
    expect(s.totals.deposits).toBe(usdc(2500));
  });

  it("a position withdrawn in full before the period does not show; one that closed in it does", () => {
    const gone = at(0n, { deposited: usdc(100), balance: 0n, withdrawn: usdc(101) });
    const none = buildStatement({ ...base, opening: summary([gone]), closing: summary([gone]) });
    expect(none.positions).toEqual([]);
    expect(none.totals.closing).toBe(0n);
    const closed = buildStatement({
      ...base,
      opening: summary([at(0n, { deposited: usdc(100), balance: usdc(100), withdrawn: 0n })]),
      closing: summary([gone]),
    });
    expect(closed.positions[0]).toMatchObject({
      opening: usdc(100),
      withdrawals: usdc(101),
      interest: usdc(1),
      closing: 0n,
    });
    expect(statementBalances(closed.positions[0]!)).toBe(true);
  });

  it("any history between two dates balances (random figures)", () => {
    let seed = 7;
    const rnd = (n: number) => BigInt((seed = (seed * 48271) % 2147483647) % n);
    for (let i = 0; i < 200; i++) {
      const d0 = rnd(10_000_000_000);
      const w0 = rnd(Number(d0) + 1);
      const b0 = rnd(20_000_000_000);
      const l0 = rnd(1_000_000);
      const d1 = d0 + rnd(10_000_000_000);
      const w1 = w0 + rnd(5_000_000_000);
      const b1 = rnd(20_000_000_000);
      const l1 = l0 + rnd(1_000_000);
      const st = buildStatement({
        ...base,
        opening: summary([at(0n, { deposited: d0, balance: b0, withdrawn: w0, lost: l0 })]),
        closing: summary([at(0n, { deposited: d1, balance: b1, withdrawn: w1, lost: l1 })]),
      });
      for (const p of [...st.positions, st.totals]) expect(statementBalances(p)).toBe(true);
    }
  });
});

describe("the statement's transactions and files", () => {
  const items = [
    {
      type: "Deposit",
      nftId: "3",
      poolId: "1",
      trancheId: 0,
      events: [
        {
          type: "Request",
          amount: "500000000",
          timestamp: Q3.start + 10,
          transactionHash: "0x1",
          toTrancheId: null,
        },
        {
          type: "Accepted",
          amount: "400000000",
          timestamp: Q3.start + 100,
          transactionHash: "0x2",
          toTrancheId: null,
        },
        {
          type: "Reallocated",
          amount: "100000000",
          timestamp: Q3.start + 100,
          transactionHash: "0x2",
          toTrancheId: 1,
        },
      ],
    },
    {
      type: "Withdrawal",
      nftId: "4",
      poolId: "1",
      trancheId: 0,
      events: [
        {
          type: "Request",
          amount: "9",
          timestamp: Q3.start + 200,
          transactionHash: "0x3",
          toTrancheId: null,
        },
        {
          type: "Accepted",
          amount: "300000000",
          timestamp: Q3.start + 300,
          transactionHash: "0x4",
          toTrancheId: null,
        },
      ],
    },
    {
      type: "Loss",
      poolId: "1",
      timestamp: Q3.start + 400,
      transactionHash: "0x5",
      tranches: [
        { trancheId: 0, change: "-40000000" },
        { trancheId: 1, change: "0" },
      ],
    },
    {
      type: "FixedTerm",
      event: "Converted",
      lockId: "1",
      poolId: "1",
      trancheId: 0,
      amount: "1",
      timestamp: Q3.start,
      transactionHash: "0x6",
    },
    {
      type: "FixedTerm",
      event: "PaidAtExpiry",
      lockId: "2",
      poolId: "1",
      trancheId: 1,
      amount: "7000000",
      timestamp: Q3.end + 5,
      transactionHash: "0x7",
    },
  ] as unknown as HistoryItem[];

  it("keeps the money events, each under its tranche, and only those of the period", () => {
    const txs = statementTransactions(items);
    expect(txs.map((t) => [t.kind, t.trancheId, t.amount])).toEqual([
      ["depositAccepted", 0n, usdc(400)],
      ["depositReallocated", 1n, usdc(100)],
      ["withdrawalPaid", 0n, usdc(300)],
      ["loss", 0n, -usdc(40)],
      ["fixedTermPaid", 1n, usdc(7)],
    ]);
    const s = buildStatement({
      ...base,
      opening: summary([]),
      closing: summary([
        at(0n, { deposited: usdc(500), balance: usdc(180), withdrawn: usdc(300), lost: usdc(40) }),
      ]),
      transactions: txs,
      rewards: [
        {
          kind: "bonus",
          token: "KSU",
          amount: 1_500_000_000_000_000_000n,
          timestamp: Q3.start + 5,
          transactionHash: "0x8",
        },
        {
          kind: "referral",
          token: "USDC",
          amount: usdc(2),
          timestamp: Q3.start - 5,
          transactionHash: "0x9",
        },
      ],
    });
    expect(s.positions[0]!.transactions.map((t: StatementTransaction) => t.kind)).toEqual([
      "depositAccepted",
      "withdrawalPaid",
      "loss",
    ]);
    // the referral reward was before the quarter, the payout after it
    expect(s.rewards.map((r) => r.kind)).toEqual(["bonus"]);
    expect(s.rewardTotals).toEqual([{ token: "KSU", amount: 1_500_000_000_000_000_000n }]);

    const rows = parseCsv(statementCsv(s));
    expect(rows[0]).toEqual([
      "Section",
      "Pool",
      "Tranche",
      "Date (UTC)",
      "Item",
      "Amount",
      "Token",
      "Transaction",
    ]);
    const total = (item: string) => rows.find((r) => r[0] === "Total" && r[4] === item)?.[5];
    expect(total("Opening value")).toBe("0");
    expect(total("Deposits")).toBe("500");
    expect(total("Withdrawals")).toBe("300");
    expect(total("Losses")).toBe("40");
    expect(total("Interest")).toBe("20");
    expect(total("Closing value")).toBe("180");
    // a pool name a spreadsheet would run is neutralised
    expect(rows.find((r) => r[0] === "Position")?.[1]).toBe('\'=HYPERLINK("x")');
    expect(rows.find((r) => r[0] === "Transaction" && r[4] === "Loss reported")?.[5]).toBe("-40");
    expect(rows.find((r) => r[0] === "Reward")?.slice(4, 7)).toEqual([
      "Bonus claimed",
      "1.5",
      "KSU",
    ]);
    expect(rows.some((r) => r[4]?.includes("Q3 2026, 2026-07-01 00:00 to 2026-10-01 00:00"))).toBe(
      true,
    );
  });
});
