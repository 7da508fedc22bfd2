import { parseCsv, requestParts } from "@lending/sdk";
import { describe, expect, it } from "vitest";
import type { HistoryEvent, HistoryTransaction } from "../../../sdk/src/entities/history";
import { CSV_COLUMNS, historyCsv, toCsvRows } from "./history";

const T0 = 1_795_168_800;
const SHARE = 10n ** 12n;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

function event(n: number, e: Partial<HistoryEvent> & Pick<HistoryEvent, "type">): HistoryEvent {
  return {
    id: `${hash(n)}-0`,
    epochId: "3",
    amount: "0",
    shares: null,
    value: null,
    toTrancheId: null,
    timestamp: T0 + n,
    blockNumber: String(100 + n),
    transactionHash: hash(n),
    remainingQueuedAmount: null,
    ...e,
  };
}

function request(overrides: Partial<HistoryTransaction>): HistoryTransaction {
  return {
    id: "31337-7",
    type: "Deposit",
    nftId: "7",
    owner: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    poolId: "0",
    poolName: "Alpha Pool",
    trancheId: 0,
    trancheName: "Senior",
    requestedAmount: "100000000",
    requestedValue: "100000000",
    apy: "0.12",
    fixedTermConfigId: 0,
    fixedTermWeeks: null,
    epochId: "3",
    requestTimestamp: T0 + 1,
    requestStatus: "Requested",
    canCancel: true,
    lastTransactionDate: T0 + 1,
    events: [event(1, { type: "Request", amount: "100000000" })],
    subsequentTransactions: [],
    ...overrides,
  };
}

/**
 * Two withdrawals of one epoch (one request on chain, the second an Increase) and a third one the
 * lender cancelled alone, then processed: 40 + 60 shares worth 41 + 63 USDC when requested, paid
 * 100.000001 USDC after a loss; the cancelled 20 shares were worth 21 USDC.
 */
const merged = request({
  type: "Withdrawal",
  requestedAmount: String(100n * SHARE),
  requestedValue: "104000000",
  requestStatus: "Processed",
  canCancel: false,
  lastTransactionDate: T0 + 5,
  events: [
    event(1, { type: "Request", amount: String(40n * SHARE), value: "41000000" }),
    event(2, { type: "Increase", amount: String(60n * SHARE), value: "63000000" }),
    event(3, { type: "Increase", amount: String(20n * SHARE), value: "21000000" }),
    event(4, { type: "PartCancelled", amount: String(20n * SHARE), value: "21000000" }),
    event(5, {
      type: "Accepted",
      epochId: "4",
      amount: "100000001",
      shares: String(100n * SHARE),
    }),
  ],
});

describe("the CSV export's rows (issue 23 item 7)", () => {
  it("writes one row per request the lender made, as My Transactions shows them", () => {
    const rows = toCsvRows(merged);
    expect(rows).toHaveLength(3);
    const pick = (name: (typeof CSV_COLUMNS)[number]) => rows.map((r) => r[col(name)]);
    expect(pick("NFT ID")).toEqual(["7", "7", "7"]);
    // each amount as made (shares), with its USDC worth at its own request
    expect(pick("Requested amount")).toEqual(["40", "60", "20"]);
    expect(pick("Unit")).toEqual(["shares", "shares", "shares"]);
    expect(pick("Requested (USDC at request time)")).toEqual(["41", "63", "21"]);
    // the part cancelled alone says so; the others have the request's status
    expect(pick("Status")).toEqual(["Processed", "Processed", "Cancelled"]);
    // the USDC paid shared by shares among the parts left, to the unit (as the rows show it)
    expect(pick("Paid (USDC)")).toEqual(["40", "60.000001", "0"]);
    expect(pick("Accepted (USDC)")).toEqual(["40", "60.000001", "0"]);
    const paid = requestParts({
      type: "Withdrawal",
      requestedValue: 104_000_000n,
      events: merged.events.map((e) => ({
        ...e,
        amount: BigInt(e.amount),
        value: e.value === null ? null : BigInt(e.value),
      })),
    }).map((p) => p.paid);
    expect(paid).toEqual([40_000_000n, 60_000_001n, null]);
    // each part's own time and transaction; which part of how many
    expect(pick("Request time (UTC)")).toEqual(
      [1, 2, 3].map((n) => new Date((T0 + n) * 1000).toISOString()),
    );
    expect(pick("Request transaction")).toEqual([hash(1), hash(2), hash(3)]);
    expect(pick("Part")).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
  });

  it("keeps a request made once as one row, with no part", () => {
    const rows = toCsvRows(request({}));
    expect(rows).toHaveLength(1);
    expect(rows[0]![col("Requested amount")]).toBe("100");
    expect(rows[0]![col("Unit")]).toBe("USDC");
    expect(rows[0]![col("Status")]).toBe("Requested");
    expect(rows[0]![col("Request transaction")]).toBe(hash(1));
    expect(rows[0]![col("Part")]).toBe("");
    // no request event indexed: still one row, from the request's own figures
    const bare = toCsvRows(request({ events: [] }));
    expect(bare).toHaveLength(1);
    expect(bare[0]![col("Requested amount")]).toBe("100");
  });

  it("shares a deposit's clearing outcome among its parts and keeps every cell formula-safe", () => {
    const deposit = request({
      poolName: '=HYPERLINK("http://x")',
      requestedAmount: "300000000",
      requestedValue: "300000000",
      requestStatus: "Processed",
      events: [
        event(1, { type: "Request", amount: "100000000" }),
        event(2, { type: "Increase", amount: "200000000" }),
        event(3, { type: "Accepted", epochId: "4", amount: "250000000" }),
        event(4, { type: "Rejected", epochId: "4", amount: "50000000" }),
      ],
    });
    const [header, ...rows] = parseCsv(historyCsv([deposit]));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows.map((r) => r[col("Accepted (USDC)")])).toEqual(["83.333333", "166.666667"]);
    expect(rows.map((r) => r[col("Rejected")])).toEqual(["16.666666", "33.333334"]);
    expect(rows.map((r) => r[col("Pool")])).toEqual(Array(2).fill('\'=HYPERLINK("http://x")'));
  });
});
