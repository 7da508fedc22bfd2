import { describe, expect, it } from "vitest";
import { gasLimitWithMargin } from "./gas";

describe("gas limit", () => {
  it("adds a fifth to the estimate, rounded up, so a dearer mined block still fits", () => {
    expect(gasLimitWithMargin(100_000n)).toBe(120_000n);
    expect(gasLimitWithMargin(21_001n)).toBe(25_202n); // 25,201.2 rounds up
    expect(gasLimitWithMargin(0n)).toBe(0n);
  });

  it("refuses a negative estimate", () => {
    expect(() => gasLimitWithMargin(-1n)).toThrow(RangeError);
  });
});
