import { describe, expect, it } from "vitest";
import type { HistoryEvent, HistoryTransaction, LoanTicket } from "../entities/history";
import {
  decisionDeadlineMs,
  depositBackingAmount,
  groupPendingDecisions,
  isAwaitingDecision,
  withBorrowerDecisions,
  type TicketHistoryFacts,
} from "./decisions";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-24T12:00:00Z");

let nextId = 1;
function ticket(over: Partial<LoanTicket> & { createdOn: string }): LoanTicket {
  return {
    id: nextId++,
    dailyGroupID: 0,
    assets: "1000",
    endBorrowerName: "Acme",
    endBorrowerID: "b-1",
    poolID: "0",
    trancheID: "0",
    status: "pending",
    decisionTimeLeftMs: 0,
    decidedOn: null,
    exposure: null,
    ...over,
  };
}
const names = {
  pool: (id: string) => ({ "0": "Harbour Invoice Finance", "1": "Cash Management Fund" })[id],
  tranche: (pool: string, id: string) =>
    pool === "0" ? ["Junior", "Mezzanine"][Number(id)] : undefined,
};

describe("pending decisions", () => {
  it("closes the window 2 days after creation; a decided ticket awaits nothing", () => {
    const t = ticket({ createdOn: new Date(NOW - 2 * DAY + 1000).toISOString() });
    expect(decisionDeadlineMs(t)).toBe(NOW + 1000);
    expect(isAwaitingDecision(t, NOW)).toBe(true);
    expect(isAwaitingDecision(t, NOW + 1000)).toBe(false);
    expect(isAwaitingDecision({ ...t, status: "optedOut" }, NOW)).toBe(false);
  });

  it("groups by pool, tranche and UTC day, oldest first, leaving out what needs no answer", () => {
    const a = ticket({ createdOn: "2026-11-24T09:00:00Z", trancheID: "1" });
    const b = ticket({ createdOn: "2026-11-23T23:30:00Z" });
    const c = ticket({ createdOn: "2026-11-24T08:00:00Z" });
    const d = ticket({ createdOn: "2026-11-24T10:00:00Z", poolID: "1", trancheID: "0" });
    const decided = ticket({ createdOn: "2026-11-24T07:00:00Z", status: "optedIn" });
    const expired = ticket({ createdOn: "2026-11-22T11:00:00Z" });
    const groups = groupPendingDecisions([a, b, c, d, decided, expired], names, NOW);
    expect(
      groups.map((p) => [
        p.poolName,
        p.tranches.map((t) => [
          t.name,
          t.days.map((x) => [x.dailyGroupID, x.tickets.map((k) => k.id)]),
        ]),
      ]),
    ).toEqual([
      [
        "Harbour Invoice Finance",
        [
          [
            "Junior",
            [
              [Date.parse("2026-11-23T00:00:00Z"), [b.id]],
              [Date.parse("2026-11-24T00:00:00Z"), [c.id]],
            ],
          ],
          ["Mezzanine", [[Date.parse("2026-11-24T00:00:00Z"), [a.id]]]],
        ],
      ],
      ["Cash Management Fund", [["Tranche 0", [[Date.parse("2026-11-24T00:00:00Z"), [d.id]]]]]],
    ]);
    expect(groupPendingDecisions([decided, expired], names, NOW)).toEqual([]);
  });
});

const sec = (iso: string) => Date.parse(iso) / 1000;
function event(
  type: HistoryEvent["type"],
  amount: string,
  at: string,
  over: Partial<HistoryEvent> = {},
): HistoryEvent {
  return {
    id: `${type}-${at}`,
    type,
    epochId: "3",
    amount,
    shares: null,
    value: null,
    toTrancheId: null,
    timestamp: sec(at),
    blockNumber: "1",
    transactionHash: `0x${"ab".repeat(32)}`,
    remainingQueuedAmount: null,
    ...over,
  };
}
function deposit(
  events: HistoryEvent[],
  over: Partial<HistoryTransaction> = {},
): HistoryTransaction {
  return {
    id: "31337-7",
    type: "Deposit",
    nftId: "7",
    owner: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    poolId: "0",
    poolName: "Harbour Invoice Finance",
    trancheId: 0,
    trancheName: "Junior",
    requestedAmount: "300000000",
    requestedValue: "300000000",
    apy: "0.12",
    fixedTermConfigId: 0,
    fixedTermWeeks: null,
    epochId: "3",
    requestTimestamp: sec("2026-11-10T00:00:00Z"),
    requestStatus: "Processed",
    canCancel: false,
    lastTransactionDate: sec("2026-11-14T00:00:00Z"),
    events,
    subsequentTransactions: [],
    ...over,
  };
}
const CREATED = Date.parse("2026-11-20T00:00:00Z");
function facts(over: Partial<TicketHistoryFacts> = {}): TicketHistoryFacts {
  return {
    poolId: "0",
    trancheId: 0,
    createdOnMs: CREATED,
    createdAtBlock: null,
    noticeMs: CREATED + 1000,
    decision: null,
    fundsReturn: null,
    ...over,
  };
}
// 300 USDC requested: 200 accepted into Junior, 60 reallocated to Mezzanine, 40 rejected
const cleared = deposit([
  event("Request", "300000000", "2026-11-10T00:00:00Z"),
  event("Accepted", "200000000", "2026-11-14T00:00:00Z"),
  event("Reallocated", "60000000", "2026-11-14T00:00:00Z", { toTrancheId: 1 }),
  event("Rejected", "40000000", "2026-11-14T00:00:00Z"),
]);

describe("borrower decisions in the history", () => {
  it("counts what a deposit had in a tranche before the ticket: accepted, or moved in", () => {
    const at = { ms: CREATED, block: null };
    expect(depositBackingAmount(cleared, 0, at)).toBe(200_000_000n);
    expect(depositBackingAmount(cleared, 1, at)).toBe(60_000_000n);
    expect(depositBackingAmount(cleared, 2, at)).toBe(0n);
    // accepted after the borrower was identified: not behind that loan
    expect(
      depositBackingAmount(cleared, 0, { ms: Date.parse("2026-11-13T00:00:00Z"), block: null }),
    ).toBe(0n);
    expect(depositBackingAmount({ ...cleared, type: "Withdrawal" }, 0, at)).toBe(0n);
  });

  it("orders by the chain's blocks when the ticket has one, whatever the clocks say", () => {
    // the events are in block 1; a ticket recorded at block 1 sees them even dated earlier
    const early = { ms: Date.parse("2026-11-01T00:00:00Z"), block: 1n };
    expect(depositBackingAmount(cleared, 0, early)).toBe(200_000_000n);
    expect(depositBackingAmount(cleared, 0, { ms: CREATED, block: 0n })).toBe(0n);
  });

  it("shows a processed deposit as Queued while the lender's answer is awaited", () => {
    const now = CREATED + 86_400_000;
    const tx = withBorrowerDecisions(cleared, [facts()], now);
    expect(tx.requestStatus).toBe("Queued");
    expect(tx.subsequentTransactions).toEqual([
      {
        timestamp: sec("2026-11-20T00:00:01Z"),
        action: "emailSent",
        amount: "200000000",
        status: "Pending",
      },
    ]);
    // another pool's or another tranche's ticket leaves it alone
    expect(withBorrowerDecisions(cleared, [facts({ poolId: "1" })], now)).toBe(cleared);
    expect(withBorrowerDecisions(cleared, [facts({ trancheId: 2 })], now)).toBe(cleared);
  });

  it("records the opt-out and the funds returned, pro rata to the shares withdrawn", () => {
    const out = facts({
      decision: { status: "optedOut", atMs: CREATED + 3_600_000 },
      fundsReturn: {
        shares: 1_000n,
        holderShares: 3_000n,
        requestedAtMs: CREATED + 7_200_000,
        processedAtMs: null,
      },
    });
    const pending = withBorrowerDecisions(cleared, [out], CREATED + 86_400_000);
    expect(pending.requestStatus).toBe("Processed");
    expect(pending.subsequentTransactions.map((a) => [a.action, a.amount, a.status])).toEqual([
      ["emailSent", "200000000", "Completed"],
      ["optedOut", "200000000", "Completed"],
      ["fundsReturned", "66666666", "Pending"], // 200 USDC x 1/3, rounded down
    ]);
    const paid = withBorrowerDecisions(
      cleared,
      [{ ...out, fundsReturn: { ...out.fundsReturn!, processedAtMs: CREATED + 9 * 86_400_000 } }],
      CREATED + 10 * 86_400_000,
    );
    // every action names the borrower it is about, when the ticket's borrower is known
    const named = withBorrowerDecisions(
      cleared,
      [{ ...out, borrower: "Acme Ltd" }],
      CREATED + 86_400_000,
    );
    expect(named.subsequentTransactions.map((a) => `${a.action} ${a.borrower}`)).toEqual([
      "emailSent Acme Ltd",
      "optedOut Acme Ltd",
      "fundsReturned Acme Ltd",
    ]);
    expect(paid.subsequentTransactions.at(-1)).toEqual({
      timestamp: sec("2026-11-29T00:00:00Z"),
      action: "fundsReturned",
      amount: "66666666",
      status: "Completed",
    });
  });

  it("counts an undecided ticket as opted in when its 2 days are over; one row per tranche backed", () => {
    const tx = withBorrowerDecisions(
      cleared,
      [facts(), facts({ trancheId: 1, decision: { status: "optedIn", atMs: CREATED + 5000 } })],
      CREATED + 2 * 86_400_000,
    );
    expect(tx.requestStatus).toBe("Processed");
    expect(tx.subsequentTransactions.map((a) => [a.timestamp, a.action, a.amount])).toEqual([
      [sec("2026-11-20T00:00:01Z"), "emailSent", "200000000"],
      [sec("2026-11-20T00:00:01Z"), "emailSent", "60000000"],
      [sec("2026-11-20T00:00:05Z"), "optedIn", "60000000"],
      [sec("2026-11-22T00:00:00Z"), "optedIn", "200000000"],
    ]);
  });

  it("leaves withdrawals and deposits not yet accepted as they are", () => {
    const requested = deposit([event("Request", "300000000", "2026-11-10T00:00:00Z")], {
      requestStatus: "Requested",
      canCancel: true,
    });
    expect(withBorrowerDecisions(requested, [facts()], CREATED)).toBe(requested);
    const w = { ...cleared, type: "Withdrawal" as const };
    expect(withBorrowerDecisions(w, [facts()], CREATED)).toBe(w);
  });
});
