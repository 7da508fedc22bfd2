import { describe, expect, it } from "vitest";
import {
  historyEventStatusLabel,
  historyStatusLabel,
  isDelegateInitiatedEvent,
  lastRemainingQueued,
} from "./history";

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
