import { describe, expect, it } from "vitest";
import { manage } from "../i18n";
import { draftTrancheArgs } from "../test/pool-draft";
import { createPoolArgs, parsePoolDraft, type PoolDraftInput } from "./pool-draft";

const tranche = (overrides: Partial<PoolDraftInput["tranches"][number]> = {}) => ({
  name: "Junior",
  apy: "12",
  minimumDeposit: "10",
  maximumDeposit: "5000",
  capacity: "100000",
  ...overrides,
});
const draft = (overrides: Partial<PoolDraftInput> = {}): PoolDraftInput => ({
  name: " Invoice pool ",
  subheading: "Trade receivables",
  requestEpochsInAdvance: "0",
  tranches: [tranche(), tranche({ name: "Senior", apy: "8", capacity: "200000" })],
  ...overrides,
});

describe("a new pool's rules (the console's form and ops pool:create)", () => {
  it("takes a named pool with 1 to 3 tranches as createPool's arguments, junior first", () => {
    const parsed = parsePoolDraft(draft());
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: "Invoice pool",
        subheading: "Trade receivables",
        requestEpochsInAdvance: 0n,
        tranches: [
          draftTrancheArgs("Junior", 0.12, 100_000n),
          draftTrancheArgs("Senior", 0.08, 200_000n),
        ],
      },
    });
    if (!parsed.ok) return;
    const [name, subheading, advance, tranches] = createPoolArgs(parsed.value);
    expect([name, subheading, advance, tranches.map((t) => t.name)]).toEqual([
      "Invoice pool",
      "Trade receivables",
      0n,
      ["Junior", "Senior"],
    ]);
  });

  it("refuses what the contract would, naming the tranche at fault", () => {
    const cases: [Partial<PoolDraftInput>, string][] = [
      [{ name: "  " }, manage.invalidPoolName],
      [{ name: "x".repeat(65) }, manage.invalidPoolName],
      [{ subheading: "x".repeat(161) }, manage.invalidSubheading],
      [{ requestEpochsInAdvance: "-1" }, manage.invalidEpochsInAdvance],
      [{ requestEpochsInAdvance: "13" }, manage.invalidEpochsInAdvance],
      [{ tranches: [] }, manage.invalidTrancheCount],
      [{ tranches: [tranche(), tranche(), tranche(), tranche()] }, manage.invalidTrancheCount],
      [
        { tranches: [tranche(), tranche({ name: " " })] },
        `Tranche 2: ${manage.invalidTrancheName}`,
      ],
      [{ tranches: [tranche({ apy: "101" })] }, `Tranche 1: ${manage.invalidApy}`],
      [{ tranches: [tranche({ apy: "abc" })] }, `Tranche 1: ${manage.invalidApy}`],
      [
        { tranches: [tranche(), tranche({ minimumDeposit: "6000" })] },
        `Tranche 2: ${manage.invalidLimits}`,
      ],
      [{ tranches: [tranche({ capacity: "1000" })] }, `Tranche 1: ${manage.invalidLimits}`],
      [
        { tranches: [tranche({ maximumDeposit: "1.1234567" })] },
        `Tranche 1: ${manage.invalidFigure}`,
      ],
    ];
    for (const [overrides, error] of cases) {
      expect(parsePoolDraft(draft(overrides)), JSON.stringify(overrides)).toEqual({
        ok: false,
        error,
      });
    }
  });
});
