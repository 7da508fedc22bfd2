import { describe, expect, it } from "vitest";
import {
  isLoyal,
  loyaltyLevelFromPercentage,
  bonusPerEpochKsu,
  bonusExplanation,
  ksuForLevel,
  ksuToNextLevel,
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

describe("ksuToNextLevel: the KSU to lock for the next level at today's price", () => {
  const KSU = 10n ** 18n;
  const deposits = 10_000_000_000n; // 10,000 USDC
  const price = 500_000n; // 0.50 USDC per KSU
  const mult = { d30: KSU / 20n, d180: KSU / 4n, d360: KSU / 2n, d720: KSU };
  /** rKSU worth `percent` % of the deposits at the price (percent in hundredths). */
  const rksuAt = (hundredths: bigint) => (deposits * hundredths * KSU) / (10_000n * price);
  const levelAfter = (rksu: bigint, ksu: bigint, multiplier: bigint) =>
    loyaltyLevelFromPosition({
      rksu: rksu + (ksu * multiplier) / KSU, // the contract mints amount x multiplier, rounded down
      ksuPriceUsdc: price,
      totalDepositsUsdc: deposits,
    });

  it.each([
    ["0.99%", 99n, mult.d180, 1, 8n * KSU], // 198 rKSU: 2 rKSU short of 1%, at 0.25x
    ["1%", 100n, mult.d720, 2, 800n * KSU], // 200 rKSU, level 1: 800 rKSU short of 5%
    ["4.99%", 499n, mult.d30, 2, 40n * KSU], // 998 rKSU: 2 short of 5%, at 0.05x
  ])("at %s staked: level %#", (_, hundredths, multiplier, level, ksu) => {
    const rksu = rksuAt(hundredths);
    const next = ksuToNextLevel({
      rksu,
      ksuPriceUsdc: price,
      totalDepositsUsdc: deposits,
      rksuMultiplierWad: multiplier,
    });
    expect(next).toEqual({ level, ksu });
    // enough, and one unit less is not: the screen says what the chain will decide
    expect(levelAfter(rksu, next!.ksu, multiplier)).toBe(level);
    expect(levelAfter(rksu, next!.ksu - 1n, multiplier)).toBe(level - 1);
  });

  it("has no next level at 5% (level 2), without deposits, or without a price", () => {
    const base = { ksuPriceUsdc: price, totalDepositsUsdc: deposits, rksuMultiplierWad: KSU };
    expect(ksuToNextLevel({ ...base, rksu: rksuAt(500n) })).toBeNull();
    expect(ksuToNextLevel({ ...base, rksu: 0n, totalDepositsUsdc: 0n })).toBeNull();
    expect(ksuToNextLevel({ ...base, rksu: 0n, ksuPriceUsdc: 0n })).toBeNull();
  });

  it("rounds up where the amounts do not divide evenly", () => {
    // 333.333333 USDC of deposits at 0.30 USDC: 1% is 3.333334 USDC (rounded up) = 11.11111333.. rKSU
    const next = ksuToNextLevel({
      rksu: 0n,
      ksuPriceUsdc: 300_000n,
      totalDepositsUsdc: 333_333_333n,
      rksuMultiplierWad: mult.d360,
    })!;
    const after = (ksu: bigint) =>
      loyaltyLevelFromPosition({
        rksu: (ksu * mult.d360) / KSU,
        ksuPriceUsdc: 300_000n,
        totalDepositsUsdc: 333_333_333n,
      });
    expect(next.level).toBe(1);
    expect(after(next.ksu)).toBe(1);
    expect(after(next.ksu - 1n)).toBe(0);
  });
});

describe("ksuForLevel: one rule for the overview and the loyalty levels modal (issue 23)", () => {
  const base = {
    rksu: 0n,
    ksuPriceUsdc: 500_000n, // 0.50 USDC
    totalDepositsUsdc: 1_000_000_000n, // 1,000 USDC
    rksuMultiplierWad: 10n ** 18n, // 720 days
  };
  it("is the overview's next-level amount for the next level, and 0 once reached", () => {
    // 1% of 1,000 USDC = 10 USDC = 20 rKSU at 0.50; 5% = 50 USDC = 100 rKSU
    expect(ksuForLevel({ ...base, level: 1 })).toBe(20n * 10n ** 18n);
    expect(ksuForLevel({ ...base, level: 2 })).toBe(100n * 10n ** 18n);
    expect(ksuToNextLevel(base)).toEqual({ level: 1, ksu: ksuForLevel({ ...base, level: 1 }) });
    const atOne = { ...base, rksu: 20n * 10n ** 18n };
    expect(ksuForLevel({ ...atOne, level: 1 })).toBe(0n);
    expect(ksuForLevel({ ...atOne, level: 2 })).toBe(80n * 10n ** 18n);
    expect(ksuToNextLevel(atOne)?.ksu).toBe(ksuForLevel({ ...atOne, level: 2 }));
    expect(ksuForLevel({ ...base, level: 1, totalDepositsUsdc: 0n })).toBeNull();
  });
});

describe("bonusExplanation: the bonus against the one level shown", () => {
  it("never asks to reach level 1 when the lender is at a level", () => {
    expect(bonusExplanation({ level: 0, bonusLevel: 0, bonusBase: 0n })).toBe("none");
    expect(bonusExplanation({ level: null, bonusLevel: 0, bonusBase: 0n })).toBe("none");
    // right after a lock, nothing accepted yet
    expect(bonusExplanation({ level: 1, bonusLevel: 0, bonusBase: 0n })).toBe("waiting");
    expect(bonusExplanation({ level: 2, bonusLevel: 2, bonusBase: 1n })).toBe("same");
    // pending deposits lower the level; the bonus counts accepted deposits only
    expect(bonusExplanation({ level: 1, bonusLevel: 2, bonusBase: 1n })).toBe("basis");
  });
});

describe("bonusPerEpochKsu", () => {
  const rates = { 1: 19_164_956_034_632n, 2: 38_329_912_069_265n } as const;
  it("is base x the level's epoch rate / price, as the contract accrues it", () => {
    // 0.1% a year on 10,000 USDC is 0.19165 USDC an epoch: 0.3833 KSU at 0.50 USDC
    expect(
      bonusPerEpochKsu({ baseUsdc: 10_000_000_000n, level: 1, rates, ksuPriceUsdc: 500_000n }),
    ).toBe(383_299_120_692_640_000n);
    expect(
      bonusPerEpochKsu({ baseUsdc: 10_000_000_000n, level: 2, rates, ksuPriceUsdc: 500_000n }),
    ).toBe(766_598_241_385_300_000n);
    expect(
      bonusPerEpochKsu({ baseUsdc: 10_000_000_000n, level: 0, rates, ksuPriceUsdc: 500_000n }),
    ).toBe(0n);
    expect(bonusPerEpochKsu({ baseUsdc: 1n, level: 2, rates, ksuPriceUsdc: 0n })).toBe(0n);
  });
});
