import { describe, expect, it } from "vitest";
import { manage } from "../i18n";
import { epochRateToApy } from "./apy";
import {
  MAX_EPOCH_INTEREST_RATE,
  parseApyPercent,
  parseLockEpochs,
  parseTrancheLimits,
  rateEffectiveEpoch,
} from "./operator-settings";

describe("operator settings rules", () => {
  it("a rate set now applies two epochs after the request epoch", () => {
    expect(rateEffectiveEpoch(7n)).toBe(9n);
  });

  it("reads an APY in percent as the per-epoch rate, refusing text, negatives and typos", () => {
    const r = parseApyPercent(" 9.5 ");
    expect(r.ok).toBe(true);
    if (r.ok) expect(epochRateToApy(r.value)).toBeCloseTo(0.095, 6);
    expect(parseApyPercent("0")).toEqual({ ok: true, value: 0n });
    for (const bad of ["", "-1", "abc", "9,5", "101", "1.23456"]) {
      expect(parseApyPercent(bad)).toEqual({ ok: false, error: manage.invalidApy });
    }
    const top = parseApyPercent("100");
    expect(top.ok && top.value <= MAX_EPOCH_INTEREST_RATE).toBe(true);
  });

  it("checks deposit limits as the contract does: max above 0, min ≤ max ≤ capacity", () => {
    expect(
      parseTrancheLimits({ minimumDeposit: "10", maximumDeposit: "5000", capacity: "1000000" }),
    ).toEqual({
      ok: true,
      value: { minimumDeposit: 10_000_000n, maximumDeposit: 5_000_000_000n, capacity: 10n ** 12n },
    });
    const limits = (min: string, max: string, cap: string) =>
      parseTrancheLimits({ minimumDeposit: min, maximumDeposit: max, capacity: cap });
    expect(limits("10", "5", "100")).toEqual({ ok: false, error: manage.invalidLimits });
    expect(limits("0", "0", "100")).toEqual({ ok: false, error: manage.invalidLimits });
    expect(limits("1", "500", "100")).toEqual({ ok: false, error: manage.invalidLimits });
    expect(limits("1", "x", "100")).toEqual({ ok: false, error: manage.invalidFigure });
    expect(limits("1", "1.0000001", "100")).toEqual({ ok: false, error: manage.invalidFigure });
  });

  it("takes a lock length of 1 to 520 whole epochs", () => {
    expect(parseLockEpochs("4")).toEqual({ ok: true, value: 4n });
    for (const bad of ["0", "", "1.5", "521", "-2"]) {
      expect(parseLockEpochs(bad)).toEqual({ ok: false, error: manage.invalidLockEpochs });
    }
  });
});
