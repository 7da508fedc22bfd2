import { describe, expect, it } from "vitest";
import { amountToInput, isAcceptableAmountInput, parseAmountInput } from "./amount-input";
import { InvalidAmountInputError } from "./errors";

describe("amount input", () => {
  it("accepts digits with one optional point, limited to the token decimals", () => {
    expect(isAcceptableAmountInput("", 6)).toBe(true);
    expect(isAcceptableAmountInput("0", 6)).toBe(true);
    expect(isAcceptableAmountInput("12.", 6)).toBe(true);
    expect(isAcceptableAmountInput(".5", 6)).toBe(true);
    expect(isAcceptableAmountInput("1.123456", 6)).toBe(true);
    expect(isAcceptableAmountInput("1.1234567", 6)).toBe(false);
    expect(isAcceptableAmountInput("1.123456789012345678", 18)).toBe(true);
  });
  it("rejects a lone point, signs, letters, two points and exponents", () => {
    for (const bad of [".", "-1", "1e5", "abc", "1.2.3", " 1", "1,000"]) {
      expect(isAcceptableAmountInput(bad, 6)).toBe(false);
    }
  });
  it("parses to smallest units and back", () => {
    expect(parseAmountInput("1000.5", 6)).toBe(1_000_500_000n);
    expect(parseAmountInput(".5", 6)).toBe(500_000n);
    expect(parseAmountInput("", 6)).toBe(0n);
    expect(amountToInput(1_000_500_000n, 6)).toBe("1000.5");
    expect(amountToInput(7n * 10n ** 18n, 18)).toBe("7");
  });
  it("throws a named error on bad text", () => {
    expect(() => parseAmountInput(".", 6)).toThrow(InvalidAmountInputError);
  });
});
