import { describe, expect, it } from "vitest";
import type { PoolEpoch, PoolTransaction } from "../entities/history";
import type { HistoricalRepayment } from "../reads/repayments";
import { apyToEpochRate } from "./apy";
import { parseCsv } from "./csv";
import {
  epochsInRange,
  parsePoolRange,
  poolBalanceCsv,
  poolEpochFigures,
  poolTransactionsCsv,
  repaymentsCsv,
  sharePriceUsdc,
} from "./pool-reports";

const DAY = 86_400;
const T0 = 1_800_000_000;

function epoch(n: number, over: Partial<PoolEpoch> = {}): PoolEpoch {
  return {
    epoch: String(n),
    timestamp: T0 + n * 7 * DAY,
    interest: "1500000",
    fee: "150000",
    depositsAccepted: "1000000000",
    withdrawalsPaid: "0",
    drawnPrincipal: "600000000",
    transactionHash: `0x${"ab".repeat(32)}`,
    tranches: [
      {
        trancheId: "0",
        trancheName: "Junior",
        epochInterestRate: apyToEpochRate(0.12).toString(),
        assetsPerShare: "1010000000000",
        totalAssets: "400000000",
        capacity: "1000000000",
      },
      {
        trancheId: "1",
        trancheName: "Senior",
        epochInterestRate: apyToEpochRate(0.05).toString(),
        assetsPerShare: "1000000000000",
        totalAssets: "800000000",
        capacity: "2000000000",
      },
    ],
    ...over,
  };
}

const tx = (over: Partial<PoolTransaction>): PoolTransaction => ({
  id: "1",
  timestamp: T0,
  epoch: "3",
  nftId: "7",
  kind: "Deposit",
  type: "Request",
  owner: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  trancheName: "Junior",
  toTrancheName: null,
  amount: "250000000",
  shares: null,
  value: null,
  transactionHash: `0x${"cd".repeat(32)}`,
  ...over,
});

describe("pool page figures", () => {
  it("keeps the 30 or 90 days up to the newest clearing, or everything", () => {
    const epochs = Array.from({ length: 20 }, (_, i) => epoch(i));
    expect(epochsInRange(epochs, "all")).toHaveLength(20);
    // weekly clearings: 30 days hold the newest 5, 90 days the newest 13
    expect(epochsInRange(epochs, "30d").map((e) => e.epoch)).toEqual([
      "15",
      "16",
      "17",
      "18",
      "19",
    ]);
    expect(epochsInRange(epochs, "90d")).toHaveLength(13);
    expect(parsePoolRange("90d")).toBe("90d");
    expect(parsePoolRange("7d")).toBe("all");
    expect(parsePoolRange(undefined)).toBe("all");
  });

  it("sums the tranches into the pool's value and capacity, and drawn over value as utilisation", () => {
    expect(poolEpochFigures(epoch(1))).toEqual({
      totalValue: 1_200_000_000n,
      capacity: 3_000_000_000n,
      drawn: 600_000_000n,
      utilisation: 0.5,
    });
    const old = epoch(1, { drawnPrincipal: null });
    old.tranches[0]!.totalAssets = null;
    expect(poolEpochFigures(old)).toMatchObject({ totalValue: null, utilisation: null });
  });

  it("prices a share in USDC units per whole share", () => {
    expect(sharePriceUsdc(1_000_000_000_000n)).toBe(1_000_000n);
    expect(sharePriceUsdc(1_010_000_000_000n)).toBe(1_010_000n);
    expect(sharePriceUsdc(0n)).toBeNull();
  });
});

describe("pool reports (CSV)", () => {
  it("lists investor transactions with addresses as on chain and amounts in their unit", () => {
    const csv = poolTransactionsCsv([
      tx({}),
      tx({
        id: "2",
        kind: "Withdrawal",
        type: "Request",
        amount: "5000000000000",
        value: "5050000",
      }),
      tx({
        id: "3",
        kind: "Withdrawal",
        type: "Accepted",
        amount: "5050000",
        shares: "5000000000000",
      }),
    ]);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      "Time (UTC)",
      "Epoch",
      "Request NFT ID",
      "Request type",
      "Event",
      "Lender address",
      "Tranche",
      "To tranche",
      "Amount",
      "Unit",
      "USDC value",
      "Transaction hash",
    ]);
    expect(rows[1]).toEqual([
      new Date(T0 * 1000).toISOString(),
      "3",
      "7",
      "Deposit",
      "Request",
      "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
      "Junior",
      "",
      "250",
      "USDC",
      "250",
      `0x${"cd".repeat(32)}`,
    ]);
    expect(rows[2]!.slice(8, 11)).toEqual(["5", "Shares", "5.05"]);
    expect(rows[3]!.slice(8, 11)).toEqual(["5.05", "USDC", "5.05"]);
  });

  it("neutralises cells a spreadsheet would run as a formula (tranche names are free on-chain text)", () => {
    const evil = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"];
    for (const name of evil) {
      const rows = parseCsv(poolTransactionsCsv([tx({ trancheName: name })]));
      expect(rows[1]![6]).toBe(`'${name}`);
      const e = epoch(1);
      e.tranches[0]!.trancheName = name;
      const balance = parseCsv(poolBalanceCsv([e]));
      expect(balance[0]).toContain(`'${name} value (USDC)`);
    }
    // no cell of any report starts with a formula character
    const all = [
      poolTransactionsCsv([tx({ trancheName: "=1+1" })]),
      poolBalanceCsv([epoch(1)]),
      repaymentsCsv([]),
    ];
    for (const doc of all)
      for (const row of parseCsv(doc))
        for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it("writes the pool balance per epoch, tranches most senior first", () => {
    const rows = parseCsv(poolBalanceCsv([epoch(1), epoch(2, { drawnPrincipal: null })]));
    expect(rows[0]!.slice(0, 10)).toEqual([
      "Epoch",
      "Cleared at (UTC)",
      "Total value (USDC)",
      "Capacity (USDC)",
      "Drawn principal (USDC)",
      "Utilisation (%)",
      "Interest (USDC)",
      "Fee (USDC)",
      "Deposits accepted (USDC)",
      "Withdrawals paid (USDC)",
    ]);
    expect(rows[0]!.slice(10)).toEqual([
      "Senior value (USDC)",
      "Senior APY (%)",
      "Senior share price (USDC)",
      "Junior value (USDC)",
      "Junior APY (%)",
      "Junior share price (USDC)",
    ]);
    expect(rows[1]!.slice(0, 10)).toEqual([
      "1",
      new Date((T0 + 7 * DAY) * 1000).toISOString(),
      "1200",
      "3000",
      "600",
      "50.00",
      "1.5",
      "0.15",
      "1000",
      "0",
    ]);
    expect(rows[1]![11]).toMatch(/^5\.0\d{3}$/);
    expect(rows[1]!.slice(12)).toEqual(["1", "400", rows[1]![14], "1.01"]);
    // a clearing indexed before drawn principal was recorded: blank, not 0
    expect(rows[2]![4]).toBe("");
    expect(rows[2]![5]).toBe("");
  });

  it("writes the repayment table with every published figure", () => {
    const r: HistoricalRepayment = {
      epoch: 4n,
      epochStart: T0,
      openingLoanBalance: 1_000_000_000n,
      newFundingDrawdowns: 200_000_000n,
      principalInterestRepayments: 50_000_000n,
      closingLoanBalance: 1_160_000_000n,
      interestPaymentComponent: 10_000_000n,
      arrears: 1_500_000n,
      unrecoverableLosses: 0n,
    };
    const rows = parseCsv(repaymentsCsv([r]));
    expect(rows).toEqual([
      [
        "Epoch",
        "Epoch start (UTC)",
        "Opening loan balance (USDC)",
        "New funding drawdowns (USDC)",
        "Principal and interest repayments (USDC)",
        "Closing loan balance (USDC)",
        "Interest payment component (USDC)",
        "Arrears (USDC)",
        "Unrecoverable losses (USDC)",
      ],
      ["4", new Date(T0 * 1000).toISOString(), "1000", "200", "50", "1160", "10", "1.5", "0"],
    ]);
  });
});
