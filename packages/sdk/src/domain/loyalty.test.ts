import { describe, expect, it } from "vitest";
import {
  isLoyal,
  loyaltyLevelFromPercentage,
  loyaltyLevelFromPosition,
  rksuValueUsdc,
  stakedPercentage,
} from "./loyalty";

const KSU = 10n ** 18n;
const U = 1_000_000n;

describe("loyaltyLevelFromPercentage", () => {
  it("maps the 1% and 5% thresholds", () => {
    expect(loyaltyLevelFromPercentage(0)).toBe(0);
    expect(loyaltyLevelFromPercentage(0.999)).toBe(0);
    expect(loyaltyLevelFromPercentage(1)).toBe(1);
    expect(loyaltyLevelFromPercentage(4.999)).toBe(1);
    expect(loyaltyLevelFromPercentage(5)).toBe(2);
    expect(loyaltyLevelFromPercentage(50)).toBe(2);
  });
  it("gives none for empty", () => {
    expect(loyaltyLevelFromPercentage(null)).toBeNull();
    expect(loyaltyLevelFromPercentage(undefined)).toBeNull();
    expect(loyaltyLevelFromPercentage(Number.NaN)).toBeNull();
  });
  it("levels 1 and 2 are loyal", () => {
    expect([0, 1, 2, null].map((l) => isLoyal(l as 0 | 1 | 2 | null))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("position-based level", () => {
  // deposits 10,000 USDC; KSU at 1 USDC: 100 rKSU is 1%, 500 rKSU is 5%
  const deposits = 10_000n * U;
  const price = 1n * U;
  it("values rKSU in USDC", () => {
    expect(rksuValueUsdc(KSU, 500_000n)).toBe(500_000n);
  });
  it("computes the staked percentage", () => {
    expect(
      stakedPercentage({ rksu: 100n * KSU, ksuPriceUsdc: price, totalDepositsUsdc: deposits }),
    ).toBe(1);
    expect(stakedPercentage({ rksu: 1n, ksuPriceUsdc: price, totalDepositsUsdc: 0n })).toBeNull();
  });
  it("is exact at the thresholds", () => {
    const lvl = (rksu: bigint) =>
      loyaltyLevelFromPosition({ rksu, ksuPriceUsdc: price, totalDepositsUsdc: deposits });
    expect(lvl(100n * KSU - 10n ** 12n)).toBe(0);
    expect(lvl(100n * KSU)).toBe(1);
    expect(lvl(500n * KSU - 10n ** 12n)).toBe(1);
    expect(lvl(500n * KSU)).toBe(2);
    expect(
      loyaltyLevelFromPosition({ rksu: 1n, ksuPriceUsdc: price, totalDepositsUsdc: 0n }),
    ).toBeNull();
  });
});
