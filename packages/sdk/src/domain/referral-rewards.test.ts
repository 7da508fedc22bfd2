import { describe, expect, it } from "vitest";
import { clearingFee, referralReward, referralSharePpm } from "./referral-rewards";

const WAD = 10n ** 18n;
const FEE = WAD / 10n; // 10%

describe("referral rewards", () => {
  it("the fee of a clearing is 10% of each holding's interest, rounded down at each step", () => {
    // 1,000 USDC at 0.2% an epoch: 2 USDC of interest, 0.2 USDC of fee
    expect(
      clearingFee([{ valueUsdc: 1_000_000_000n, epochRateWad: 2n * 10n ** 15n }], { feeWad: FEE }),
    ).toBe(200_000n);
    // a variable and a fixed-term holding add up
    expect(
      clearingFee(
        [
          { valueUsdc: 1_000_000_000n, epochRateWad: 2n * 10n ** 15n },
          { valueUsdc: 333_333_333n, epochRateWad: 3n * 10n ** 15n },
        ],
        { feeWad: FEE },
      ),
    ).toBe(200_000n + 99_999n);
    expect(clearingFee([], { feeWad: FEE })).toBe(0n);
  });

  it("scales by what the interest reserve paid of what was due", () => {
    const h = [{ valueUsdc: 1_000_000_000n, epochRateWad: 2n * 10n ** 15n }];
    expect(clearingFee(h, { feeWad: FEE, paid: 1n, due: 2n })).toBe(100_000n);
    expect(clearingFee(h, { feeWad: FEE, paid: 0n, due: 2n })).toBe(0n);
  });

  it("a reward is the share of the fee, floored to 1e-6 USDC", () => {
    expect(referralSharePpm(0.1)).toBe(100_000n);
    expect(referralSharePpm(0.125)).toBe(125_000n);
    expect(referralReward(200_000n, 100_000n)).toBe(20_000n);
    expect(referralReward(99_999n, 100_000n)).toBe(9_999n);
    expect(referralReward(9n, 100_000n)).toBe(0n);
    expect(() => referralSharePpm(1.5)).toThrow(RangeError);
    expect(() => referralSharePpm(Number.NaN)).toThrow(RangeError);
  });
});
