import { describe, expect, it } from "vitest";
import {
  cancelledParts,
  historyEventStatusLabel,
  historyStatusLabel,
  isDelegateInitiatedEvent,
  lastRemainingQueued,
  remainingQueuedValue,
  requestParts,
  shareAmongParts,
  withdrawalPaid,
} from "./history";
import { formatLag, isIndexerBehind } from "./indexer-lag";

const DAY = 86_400;

describe("history status labels", () => {
  it("a deposit shows its request status", () => {
    for (const s of ["Requested", "Processed", "Cancelled", "Queued"] as const) {
      expect(historyStatusLabel({ type: "Deposit", requestStatus: s, events: [] })).toBe(s);
    }
  });

  it("a withdrawal is full or partial accepted by the newest remaining queued amount", () => {
    const requested = { type: "Request", remainingQueuedAmount: 100n };
    expect(
      historyStatusLabel({ type: "Withdrawal", requestStatus: "Requested", events: [requested] }),
    ).toBe("Requested");
    expect(
      historyStatusLabel({
        type: "Withdrawal",
        requestStatus: "Processed",
        events: [requested, { type: "Accepted", remainingQueuedAmount: 40n }],
      }),
    ).toBe("Partially Accepted");
    expect(
      historyStatusLabel({
        type: "Withdrawal",
        requestStatus: "Processed",
        events: [
          requested,
          { type: "Accepted", remainingQueuedAmount: 0n },
          { type: "Settled", remainingQueuedAmount: null },
        ],
      }),
    ).toBe("Fully Accepted");
    expect(
      historyStatusLabel({ type: "Withdrawal", requestStatus: "Forced", events: [requested] }),
    ).toBe("Forced");
    expect(
      historyStatusLabel({ type: "Withdrawal", requestStatus: "Cancelled", events: [requested] }),
    ).toBe("Cancelled");
  });

  it("lastRemainingQueued skips events without one", () => {
    expect(lastRemainingQueued([])).toBeNull();
    expect(
      lastRemainingQueued([
        { type: "Accepted", remainingQueuedAmount: 7n },
        { type: "Settled", remainingQueuedAmount: null },
      ]),
    ).toBe(7n);
  });

  it("labels each event", () => {
    expect(
      historyEventStatusLabel("Deposit", { type: "Request", remainingQueuedAmount: null }),
    ).toBe("Requested");
    expect(
      historyEventStatusLabel("Deposit", { type: "Reallocated", remainingQueuedAmount: null }),
    ).toBe("Reallocated");
    expect(
      historyEventStatusLabel("Deposit", { type: "Accepted", remainingQueuedAmount: null }),
    ).toBe("Accepted");
    expect(
      historyEventStatusLabel("Withdrawal", { type: "Accepted", remainingQueuedAmount: 3n }),
    ).toBe("Partially Accepted");
    expect(
      historyEventStatusLabel("Withdrawal", { type: "Accepted", remainingQueuedAmount: -1n }),
    ).toBe("Fully Accepted");
  });

  it("labels a forced withdrawal's events within 30 days of its first event delegate initiated", () => {
    const t0 = 1_700_000_000;
    const events = [
      { type: "Forced", timestamp: t0 },
      { type: "Accepted", timestamp: t0 + 30 * DAY },
      { type: "Accepted", timestamp: t0 + 30 * DAY + 1 },
    ];
    const forced = { type: "Withdrawal" as const, requestStatus: "Forced", events };
    expect(events.map((e) => isDelegateInitiatedEvent(forced, e))).toEqual([true, true, false]);
    const ordinary = {
      type: "Withdrawal" as const,
      requestStatus: "Processed",
      events: [{ type: "Request", timestamp: t0 }],
    };
    expect(isDelegateInitiatedEvent(ordinary, ordinary.events[0]!)).toBe(false);
    const deposit = { ...forced, type: "Deposit" as const };
    expect(isDelegateInitiatedEvent(deposit, events[0]!)).toBe(false);
  });
});

describe("issue 23: request parts, paid amounts and the indexer's lag", () => {
  const ev = (type: string, amount: bigint, value: bigint | null, timestamp = 1) => ({
    type,
    amount,
    value,
    timestamp,
  });

  it("splits a same-epoch withdrawal into the requests made, sharing the USDC paid to the unit", () => {
    const tx = {
      type: "Withdrawal" as const,
      requestedValue: 350n,
      events: [ev("Request", 1n, 100n), ev("Increase", 2n, 250n, 2), ev("Accepted", 301n, null, 3)],
    };
    const parts = requestParts(tx);
    expect(parts.map((p) => [p.amount, p.value, p.timestamp])).toEqual([
      [1n, 100n, 1],
      [2n, 250n, 2],
    ]);
    expect(parts.map((p) => p.paid)).toEqual([100n, 201n]);
    expect(withdrawalPaid(tx)).toBe(301n);
  });

  it("has nothing paid before an Accepted event, and deposits are their own USDC", () => {
    expect(withdrawalPaid({ type: "Withdrawal", events: [ev("Request", 5n, 9n)] })).toBeNull();
    expect(
      requestParts({ type: "Deposit", requestedValue: 7n, events: [ev("Request", 7n, null)] }),
    ).toEqual([{ amount: 7n, value: 7n, timestamp: 1, paid: null, cancelled: false }]);
  });

  it("marks the part the lender cancelled alone; the USDC paid goes to the parts left", () => {
    const tx = {
      type: "Withdrawal" as const,
      requestedValue: 100n,
      events: [
        ev("Request", 1n, 100n),
        ev("Increase", 2n, 250n, 2),
        ev("PartCancelled", 2n, 250n, 3),
        ev("Accepted", 99n, null, 4),
      ],
    };
    const parts = requestParts(tx);
    expect(parts.map((p) => [p.amount, p.cancelled, p.paid])).toEqual([
      [1n, false, 99n],
      [2n, true, null],
    ]);
    // the first of two: the amount names it
    expect(
      cancelledParts([ev("Request", 5n, 5n), ev("Increase", 3n, 3n), ev("PartCancelled", 5n, 5n)]),
    ).toEqual([true, false]);
    // equal amounts: the newest one not yet cancelled, then the other
    const same = [ev("Request", 4n, 4n), ev("Increase", 4n, 4n), ev("PartCancelled", 4n, 4n)];
    expect(cancelledParts(same)).toEqual([false, true]);
    expect(cancelledParts([...same, ev("PartCancelled", 4n, 4n)])).toEqual([true, true]);
    expect(
      historyEventStatusLabel("Withdrawal", { type: "PartCancelled", remainingQueuedAmount: 1n }),
    ).toBe("Cancelled");
  });

  it("values what stays queued after each event in USDC as worth when requested", () => {
    const q = (type: string, amount: bigint, value: bigint | null, remaining: bigint | null) => ({
      ...ev(type, amount, value),
      remainingQueuedAmount: remaining,
    });
    const tx = {
      type: "Withdrawal" as const,
      requestedAmount: 100n,
      requestedValue: 100n,
      events: [
        q("Request", 100n, 100n, 100n),
        q("Increase", 200n, 250n, 300n),
        q("PartCancelled", 200n, 250n, 100n),
        q("Accepted", 41n, null, 60n),
        q("Accepted", 60n, null, 0n),
      ],
    };
    // 100 + 250 USDC queued; the cancelled part leaves with its own value; paid out: 0
    expect(tx.events.map((_, i) => remainingQueuedValue(tx, i))).toEqual([
      100n,
      350n,
      100n,
      60n,
      0n,
    ]);
    // a forced withdrawal's own event before any part: the request's value per share
    const forced = {
      type: "Withdrawal" as const,
      requestedAmount: 30n,
      requestedValue: 33n,
      events: [q("Forced", 30n, 33n, 30n)],
    };
    expect(remainingQueuedValue(forced, 0)).toBe(33n);
    // no value indexed, or a deposit: no USDC figure
    expect(remainingQueuedValue({ ...tx, events: [q("Request", 5n, null, 5n)] }, 0)).toBeNull();
    expect(remainingQueuedValue({ ...tx, type: "Deposit" }, 0)).toBeNull();
  });

  it("shares a total among the parts not cancelled, to the unit", () => {
    const live = (amount: bigint, cancelled = false) => ({ amount, cancelled });
    expect(shareAmongParts([live(1n), live(2n)], 301n)).toEqual([100n, 201n]);
    expect(shareAmongParts([live(1n), live(2n, true), live(1n)], 7n)).toEqual([3n, null, 4n]);
    expect(shareAmongParts([live(3n)], 0n)).toEqual([0n]);
  });

  it("says the index is behind only past a minute", () => {
    expect(isIndexerBehind({ behindSeconds: 60 })).toBe(false);
    expect(isIndexerBehind({ behindSeconds: 61 })).toBe(true);
    expect(isIndexerBehind(undefined)).toBe(false);
    expect([59, 13 * 60, 2 * 3600 + 5 * 60, 5 * 86_400].map(formatLag)).toEqual([
      "0 min",
      "13 min",
      "2 h 5 min",
      "5 d",
    ]);
  });
});
