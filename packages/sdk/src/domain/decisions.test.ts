import { describe, expect, it } from "vitest";
import type { LoanTicket } from "../entities/history";
import { decisionDeadlineMs, groupPendingDecisions, isAwaitingDecision } from "./decisions";

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
