import { describe, expect, it } from "vitest";
import {
  canWithdrawAtExpiry,
  fixedLoanOutcome,
  fixedTermReleaseTime,
  isFixedTermConfigVisible,
  isFixedTermStatusVisible,
  usableFixedTermConfigs,
} from "./fixed-term";

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

describe("withdraw at expiry: which fixed loans the modal lists", () => {
  const loan = {
    endEpoch: 5n,
    endTime: 1_000,
    withdrawAtExpiry: false,
    matured: false,
    released: false,
  };
  it("lists a loan while a request now is at least requestEpochsInAdvance epochs ahead of its end", () => {
    expect(canWithdrawAtExpiry(loan, 4n, 1n)).toBe(true);
    expect(canWithdrawAtExpiry(loan, 3n, 2n)).toBe(true);
  });
  it("drops it once the request would be too late (the contract refuses it too)", () => {
    expect(canWithdrawAtExpiry(loan, 5n, 1n)).toBe(false);
    expect(canWithdrawAtExpiry(loan, 4n, 2n)).toBe(false);
  });
  it("drops loans already requested, matured or released", () => {
    expect(canWithdrawAtExpiry({ ...loan, withdrawAtExpiry: true }, 0n, 1n)).toBe(false);
    expect(canWithdrawAtExpiry({ ...loan, matured: true }, 0n, 1n)).toBe(false);
    expect(canWithdrawAtExpiry({ ...loan, released: true }, 0n, 1n)).toBe(false);
  });
});

describe("the end of a fixed loan", () => {
  const loan = {
    endEpoch: 5n,
    endTime: 1_000,
    withdrawAtExpiry: false,
    matured: false,
    released: false,
  };
  it("converts to variable when its term ends", () => {
    expect(fixedLoanOutcome(loan)).toEqual({ kind: "converts", at: 1_000 });
  });
  it("is paid after the epoch following its last fixed epoch when withdrawn at expiry", () => {
    expect(fixedLoanOutcome({ ...loan, withdrawAtExpiry: true })).toEqual({
      kind: "withdrawal",
      paidAfterEpoch: 6n,
    });
  });
});

describe("the fixed terms a wallet may fix its APY with", () => {
  const configs = [
    { configId: 1n, fixedTermDepositStatus: "Everyone" as const },
    { configId: 2n, fixedTermDepositStatus: "Allowlist" as const },
    { configId: 3n, fixedTermDepositStatus: "Disabled" as const },
  ];
  it("offers 'Everyone' configs and allowlisted ones, never disabled ones", () => {
    expect(usableFixedTermConfigs(configs, []).map((c) => c.configId)).toEqual([1n]);
    expect(usableFixedTermConfigs(configs, [2n, 3n]).map((c) => c.configId)).toEqual([1n, 2n]);
  });
});

describe("fixedTermReleaseTime (the contract's release rule)", () => {
  it("is the clearing start of the last fixed epoch, or of the next one for a withdrawal at expiry", () => {
    const genesis = 1_000n;
    const week = 7 * 86_400;
    expect(fixedTermReleaseTime(genesis, 3n, false)).toBe(1_000 + 4 * week - 2 * 86_400);
    expect(fixedTermReleaseTime(genesis, 3n, true)).toBe(1_000 + 5 * week - 2 * 86_400);
  });
});
