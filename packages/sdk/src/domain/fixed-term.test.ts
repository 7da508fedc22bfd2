import { describe, expect, it } from "vitest";
import { isFixedTermConfigVisible, isFixedTermStatusVisible } from "./fixed-term";

describe("fixed-APY visibility", () => {
  const allow = ["0xAbC0000000000000000000000000000000000001"];
  it("shows 'Everyone' configs to any wallet, even none", () => {
    expect(isFixedTermConfigVisible({ fixedTermDepositStatus: "Everyone" }, undefined)).toBe(true);
  });
  it("shows allowlisted configs only to listed wallets, case-insensitively", () => {
    const c = { fixedTermDepositStatus: "Allowlist" as const, fixedTermDepositAllowlist: allow };
    expect(isFixedTermConfigVisible(c, "0xabc0000000000000000000000000000000000001")).toBe(true);
    expect(isFixedTermConfigVisible(c, "0xabc0000000000000000000000000000000000002")).toBe(false);
    expect(isFixedTermConfigVisible(c, undefined)).toBe(false);
  });
  it("applies the rule to an on-chain allowlist answer", () => {
    expect(isFixedTermStatusVisible("Everyone", false)).toBe(true);
    expect(isFixedTermStatusVisible("Allowlist", true)).toBe(true);
    expect(isFixedTermStatusVisible("Allowlist", false)).toBe(false);
    expect(isFixedTermStatusVisible("Disabled", true)).toBe(false);
  });
  it("never shows disabled configs", () => {
    expect(
      isFixedTermConfigVisible(
        { fixedTermDepositStatus: "Disabled", fixedTermDepositAllowlist: allow },
        allow[0],
      ),
    ).toBe(false);
  });
});
