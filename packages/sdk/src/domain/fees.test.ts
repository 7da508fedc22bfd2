import { describe, expect, it } from "vitest";
import { EPOCHS_PER_YEAR } from "./apy";
import {
  BONUS_INTEREST_PER_EPOCH,
  bonusRatePerEpoch,
  grossToNetApy,
  LOYALTY_BONUS_APY,
  splitInterest,
} from "./fees";
import {
  calculateBonusInterestEarnings,
  calculateCompounding,
  simulateEarnings,
  simulatorMaxDays,
  fixedTermDays,
  SIMULATOR_MAX_DAYS,
  SIMULATOR_MIN_DAYS,
} from "./simulator";

describe("fees", () => {
  it("15% gross is 13.5% net", () => {
    expect(grossToNetApy(0.15)).toBeCloseTo(0.135, 12);
  });
  it("splits interest into lenders, treasury and lockers that add up", () => {
    expect(splitInterest(1_000_000n)).toEqual({
      lenders: 900_000n,
      treasury: 50_000n,
      lockers: 50_000n,
    });
    const odd = splitInterest(1_234_567n);
    expect(odd.lenders + odd.treasury + odd.lockers).toBe(1_234_567n);
    // the fee rounds up (pool's favour)
    expect(splitInterest(1n).lenders).toBe(0n);
  });
  it("keeps the spec's per-epoch bonus constants and their relation to the annual rates", () => {
    expect(BONUS_INTEREST_PER_EPOCH).toEqual({ 0: 0, 1: 0.000000019164956, 2: 0.000000038329912 });
    expect(LOYALTY_BONUS_APY).toEqual({ 0: 0, 1: 0.001, 2: 0.002 });
    expect(bonusRatePerEpoch(1) / 1000).toBeCloseTo(BONUS_INTEREST_PER_EPOCH[1], 15);
    expect(bonusRatePerEpoch(2) / 1000).toBeCloseTo(BONUS_INTEREST_PER_EPOCH[2], 15);
    expect(bonusRatePerEpoch(1)).toBeCloseTo(0.001 / EPOCHS_PER_YEAR, 15);
  });
});

describe("simulator", () => {
  const P = 1_000_000_000n; // 1,000 USDC
  it("spans 0 to 365 days", () => {
    expect([SIMULATOR_MIN_DAYS, SIMULATOR_MAX_DAYS]).toEqual([0, 365]);
  });
  it("compounds weekly to the effective APY over a year", () => {
    const year = Number(calculateCompounding(P, 0.1, 365.25)) / 1e6;
    expect(year).toBeCloseTo(100, 1);
    expect(calculateCompounding(P, 0.1, 0)).toBe(0n);
    expect(calculateCompounding(P, 0.1, 7)).toBeGreaterThan(0n);
  });
  it("shows the fee effect and the loyalty bonus", () => {
    const r = simulateEarnings({ principal: P, grossApy: 0.15, days: 365, level: 2 });
    expect(r.netApy).toBeCloseTo(0.135, 12);
    expect(r.feeAmount).toBe(r.grossInterest - r.netInterest);
    expect(r.feeAmount).toBeGreaterThan(0n);
    expect(r.loyaltyBonus).toBe(2_000_000n);
    // the KSU bonus is kept apart: the USDC total is the amount plus the net interest only
    expect(r.totalUsdc).toBe(P + r.netInterest);
    expect(calculateBonusInterestEarnings(P, 0, 365)).toBe(0n);
    expect(calculateBonusInterestEarnings(P, 1, 365)).toBe(1_000_000n);
  });
  it("stops a fixed rate at its term: a 26-week fixed APY is not projected over 365 days", () => {
    const termDays = fixedTermDays(26n);
    expect(termDays).toBe(182);
    expect(simulatorMaxDays(termDays)).toBe(182);
    expect(simulatorMaxDays()).toBe(365);
    const fixed = simulateEarnings({ principal: P, grossApy: 0.12, days: 365, level: 1, termDays });
    expect(fixed.days).toBe(182);
    expect(fixed).toEqual(simulateEarnings({ principal: P, grossApy: 0.12, days: 182, level: 1 }));
    expect(fixed.netInterest).toBeLessThan(
      simulateEarnings({ principal: P, grossApy: 0.12, days: 365, level: 1 }).netInterest,
    );
    // a term longer than the slider: 365 days still
    expect(simulatorMaxDays(fixedTermDays(60))).toBe(365);
  });
  it("takes the performance fee as 10% of the gross interest at every duration", () => {
    // issue 23: compounding at the net APY made the fee 9.3% of gross at 30 days
    for (const days of [7, 30, 90, 180, 365]) {
      const r = simulateEarnings({ principal: 10_000_000_000n, grossApy: 0.15, days, level: 0 });
      expect(r.feeAmount).toBe((r.grossInterest + 9n) / 10n);
      expect(r.netInterest).toBe(r.grossInterest - r.feeAmount);
    }
  });
  it("clamps days to the slider range", () => {
    expect(simulateEarnings({ principal: P, grossApy: 0.1, days: 999, level: 0 })).toEqual(
      simulateEarnings({ principal: P, grossApy: 0.1, days: 365, level: 0 }),
    );
  });
});
