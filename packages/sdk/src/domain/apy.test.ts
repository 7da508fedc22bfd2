import { describe, expect, it } from "vitest";
import { apyToEpochRate, epochRateToApy } from "./apy";

describe("apy", () => {
  it("compounds the epoch rate over 52.17857 epochs", () => {
    expect(epochRateToApy(2_000_000_000_000_000n)).toBeCloseTo(Math.pow(1.002, 52.17857) - 1, 12);
    expect(epochRateToApy(0n)).toBe(0);
  });
  it("inverts", () => {
    expect(epochRateToApy(apyToEpochRate(0.15))).toBeCloseTo(0.15, 9);
  });
});
