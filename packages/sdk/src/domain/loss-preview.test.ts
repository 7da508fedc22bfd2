import { describe, expect, it } from "vitest";
import { previewLoss } from "./losses";
import { clearingOpensAt, epochsDue } from "./time";

const tranches = [
  { id: "0", name: "Junior", value: 100_000_000n },
  { id: "1", name: "Mezzanine", value: 200_000_000n },
  { id: "2", name: "Senior", value: 500_000_000n },
];

describe("previewLoss (the console's per-tranche preview, junior first)", () => {
  it("takes a loss from the junior tranche first, then the next", () => {
    expect(previewLoss(tranches, 150_000_000n).map((r) => [r.name, r.before, r.after])).toEqual([
      ["Junior", 100_000_000n, 0n],
      ["Mezzanine", 200_000_000n, 150_000_000n],
      ["Senior", 500_000_000n, 500_000_000n],
    ]);
  });

  it("leaves the senior tranches untouched by a loss the junior tranche absorbs", () => {
    const rows = previewLoss(tranches, 40_000_000n);
    expect(rows[0]!.after).toBe(60_000_000n);
    expect(rows.slice(1).every((r) => r.before === r.after)).toBe(true);
  });

  it("never takes more than a tranche holds (a loss above every tranche wipes them all)", () => {
    expect(previewLoss(tranches, 10_000_000_000n).map((r) => r.after)).toEqual([0n, 0n, 0n]);
  });
});

describe("epochsDue (the console's clearing check, the incident procedure's too)", () => {
  const DAY = 86_400n;
  it("is 0 before the epoch's clearing period, 1 in it, overdue after it", () => {
    expect(epochsDue(0n, 0n, 4n * DAY)).toEqual({ due: 0, overdue: false });
    expect(epochsDue(0n, 0n, 5n * DAY)).toEqual({ due: 1, overdue: false });
    expect(epochsDue(0n, 0n, 7n * DAY)).toEqual({ due: 1, overdue: true });
    expect(epochsDue(0n, 0n, 12n * DAY)).toEqual({ due: 2, overdue: true });
    expect(clearingOpensAt(0n, 1n)).toBe(12n * DAY);
  });
});
