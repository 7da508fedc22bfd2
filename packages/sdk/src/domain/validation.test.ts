import { describe, expect, it } from "vitest";
import {
  AmountAboveMaximumError,
  AmountBelowMinimumError,
  AmountRequiredError,
  InsufficientAvailableBalanceError,
  InsufficientBalanceError,
  TrancheOversubscribedError,
} from "./errors";
import { swapMinimumOut } from "./swap";
import {
  validateRecoveryPassword,
  isMaxWithdrawal,
  lendMaxAmount,
  validateFixApyAmount,
  validateLendAmount,
  validateLockAmount,
  validateUnlockAmount,
  validateWithdrawAmount,
} from "./validation";
import {
  isTrancheOversubscribedFor,
  trancheDepositLimits,
  trancheFullReason,
  trancheFullText,
} from "./tranche-limits";

const U = 1_000_000n;
const base = { minimum: 100n * U, maximum: 10_000n * U, balance: 5_000n * U };

describe("validateLendAmount", () => {
  it("requires an amount", () => {
    const e = validateLendAmount({ ...base, amount: 0n, amountUsdc: 0n });
    expect(e).toBeInstanceOf(AmountRequiredError);
    expect(e?.message).toBe("Amount is required");
  });
  it("rejects just below the minimum with the formatted minimum", () => {
    const e = validateLendAmount({ ...base, amount: 100n * U - 1n, amountUsdc: 100n * U - 1n });
    expect(e).toBeInstanceOf(AmountBelowMinimumError);
    expect(e?.message).toBe("The value entered is below the minimum of 100.00 USDC");
  });
  it("accepts exactly the minimum and the maximum", () => {
    expect(validateLendAmount({ ...base, amount: 100n * U, amountUsdc: 100n * U })).toBeNull();
    expect(
      validateLendAmount({
        ...base,
        balance: 10_000n * U,
        amount: 10_000n * U,
        amountUsdc: 10_000n * U,
      }),
    ).toBeNull();
  });
  it("rejects just above the maximum", () => {
    const e = validateLendAmount({
      ...base,
      amount: 10_000n * U + 1n,
      amountUsdc: 10_000n * U + 1n,
    });
    expect(e).toBeInstanceOf(AmountAboveMaximumError);
    expect(e?.message).toBe("The value entered is above the maximum of 10,000.00 USDC");
  });
  it("checks the balance last", () => {
    const e = validateLendAmount({ ...base, amount: 5_000n * U + 1n, amountUsdc: 5_000n * U + 1n });
    expect(e).toBeInstanceOf(InsufficientBalanceError);
    expect(e?.message).toBe("Insufficient balance");
    expect(validateLendAmount({ ...base, amount: 5_000n * U, amountUsdc: 5_000n * U })).toBeNull();
  });
  it("compares the USDC value with the limits and the token amount with the balance", () => {
    // 1 ETH worth 3,000 USDC, balance 2 ETH
    const eth = 10n ** 18n;
    expect(
      validateLendAmount({ ...base, amount: eth, amountUsdc: 3_000n * U, balance: 2n * eth }),
    ).toBeNull();
    expect(
      validateLendAmount({ ...base, amount: eth, amountUsdc: 50n * U, balance: 2n * eth }),
    ).toBeInstanceOf(AmountBelowMinimumError);
  });

  it("checks a swap's minimum out, after the 1% slippage, against the tranche minimum", () => {
    const eth = 10n ** 18n;
    const quoted = 100n * U; // exactly the minimum, but the deposit is the minimum out
    const swap = { ...base, amount: eth, amountUsdc: quoted, balance: 2n * eth };
    expect(validateLendAmount(swap)).toBeNull();
    const error = validateLendAmount({ ...swap, depositUsdc: swapMinimumOut(quoted) });
    expect(error).toBeInstanceOf(AmountBelowMinimumError);
    expect(error?.message).toBe("The value entered is below the minimum of 100.00 USDC");
    // a quote 1% above the minimum deposits at least the minimum
    const enough = (quoted * 10_000n + 9_899n) / 9_900n;
    expect(
      validateLendAmount({ ...swap, amountUsdc: enough, depositUsdc: swapMinimumOut(enough) }),
    ).toBeNull();
  });
});

describe("lock, unlock, withdraw, fix APY", () => {
  it("lock: empty/zero required, above balance insufficient", () => {
    expect(validateLockAmount(null, 10n)?.message).toBe("Amount is required");
    expect(validateLockAmount(0n, 10n)?.message).toBe("Amount is required");
    expect(validateLockAmount(11n, 10n)?.message).toBe("Insufficient balance");
    expect(validateLockAmount(10n, 10n)).toBeNull();
  });
  it("unlock: above the locked amount is insufficient", () => {
    expect(validateUnlockAmount(0n, 10n)).toBeInstanceOf(AmountRequiredError);
    expect(validateUnlockAmount(11n, 10n)).toBeInstanceOf(InsufficientBalanceError);
    expect(validateUnlockAmount(10n, 10n)).toBeNull();
  });
  it("withdraw: default when empty, capital-B Insufficient Balance above available", () => {
    expect(validateWithdrawAmount(null, 10n)).toEqual({ status: "default", error: null });
    expect(validateWithdrawAmount(0n, 10n).error?.message).toBe("Amount is required");
    const over = validateWithdrawAmount(11n, 10n);
    expect(over.status).toBe("error");
    expect(over.error).toBeInstanceOf(InsufficientAvailableBalanceError);
    expect(over.error?.message).toBe("Insufficient Balance");
    expect(validateWithdrawAmount(10n, 10n)).toEqual({ status: "success", error: null });
  });
  it("fix APY: zero required, above balance Insufficient Balance", () => {
    expect(validateFixApyAmount(0n, 10n)?.message).toBe("Amount is required");
    expect(validateFixApyAmount(11n, 10n)?.message).toBe("Insufficient Balance");
    expect(validateFixApyAmount(10n, 10n)).toBeNull();
  });
  it("uses the max withdrawal only for the full available amount", () => {
    expect(isMaxWithdrawal(10n, 10n)).toBe(true);
    expect(isMaxWithdrawal(9n, 10n)).toBe(false);
    expect(isMaxWithdrawal(0n, 0n)).toBe(false);
  });
});

describe("trancheDepositLimits", () => {
  const t = { minimumDeposit: 100n * U, maximumDeposit: 1_000n * U };
  it("uses the tranche limits before any deposit this epoch", () => {
    expect(trancheDepositLimits({ ...t, depositedThisEpoch: 0n })).toEqual({
      minimum: 100n * U,
      maximum: 1_000n * U,
      oversubscribed: false,
    });
  });
  it("subtracts this epoch's deposits from the maximum; the minimum becomes 1 USDC", () => {
    expect(trancheDepositLimits({ ...t, depositedThisEpoch: 200n * U })).toEqual({
      minimum: U,
      maximum: 800n * U,
      oversubscribed: false,
    });
  });
  it("is Oversubscribed at a maximum of 0", () => {
    expect(trancheDepositLimits({ ...t, depositedThisEpoch: 1_000n * U }).oversubscribed).toBe(
      true,
    );
    expect(
      trancheDepositLimits({ ...t, maximumDeposit: 0n, depositedThisEpoch: 0n }).oversubscribed,
    ).toBe(true);
  });
  it("Oversubscribed follows the user's room this epoch, not only the tranche maximum", () => {
    // a visitor, or a user who deposited nothing yet, sees an open tranche
    expect(isTrancheOversubscribedFor(t)).toBe(false);
    expect(isTrancheOversubscribedFor(t, 999n * U)).toBe(false);
    // the epoch maximum used up (or more, after a maximum was lowered): Oversubscribed
    expect(isTrancheOversubscribedFor(t, 1_000n * U)).toBe(true);
    expect(isTrancheOversubscribedFor(t, 1_500n * U)).toBe(true);
    expect(isTrancheOversubscribedFor({ ...t, maximumDeposit: 0n })).toBe(true);
  });
  it("an amount into a tranche with no room left is the Oversubscribed tooltip, not 'above the maximum of 0.00'", () => {
    const error = validateLendAmount({
      amount: 5n * U,
      amountUsdc: 5n * U,
      minimum: U,
      maximum: 0n,
      balance: 10n * U,
    });
    expect(error).toBeInstanceOf(TrancheOversubscribedError);
    expect(error?.message).toBe(
      "This tranche is temporarily oversubscribed. Please check again next epoch.",
    );
  });
  it("Max is the lower of the maximum and the balance", () => {
    expect(lendMaxAmount(100n, 40n)).toBe(40n);
    expect(lendMaxAmount(30n, 40n)).toBe(30n);
  });
});

describe("email challenge inputs", () => {
  it("accepts an email address and refuses what the server would refuse", async () => {
    const { isValidEmail } = await import("./validation");
    expect(isValidEmail(" ada@example.com ")).toBe(true);
    expect(isValidEmail("ada@example")).toBe(false);
    expect(isValidEmail("ada example.com")).toBe(false);
    expect(isValidEmail(`${"a".repeat(190)}@example.com`)).toBe(false);
  });
  it("takes the mailed code as exactly 6 digits", async () => {
    const { isConfirmationCode } = await import("./validation");
    expect(isConfirmationCode("012345")).toBe(true);
    expect(isConfirmationCode("12345")).toBe(false);
    expect(isConfirmationCode("12345a")).toBe(false);
  });
});

describe("validateRecoveryPassword", () => {
  it("asks for 10 characters at least and the same password twice", () => {
    expect(validateRecoveryPassword("123456789", "123456789")).toBe("Use at least 10 characters");
    expect(validateRecoveryPassword("1234567890", "1234567899")).toBe("The passwords do not match");
    expect(validateRecoveryPassword("1234567890", "1234567890")).toBeNull();
  });
});

describe("trancheFullReason: why a tranche is Oversubscribed to a lender", () => {
  it("is the tranche's own full state only when it takes no deposits this epoch", () => {
    expect(trancheFullReason({ maximumDeposit: 0n })).toBe("oversubscribed");
    expect(trancheFullText({ maximumDeposit: 0n }, 0n)).toBe(
      "This tranche is temporarily oversubscribed. Please check again next epoch.",
    );
  });

  it("says the lender's own epoch maximum is used up when others can still lend", () => {
    expect(trancheFullReason({ maximumDeposit: 5n }, 5n)).toBe("epochLimitReached");
    expect(trancheFullText({ maximumDeposit: 5n }, 6n)).toBe(
      "You have reached your maximum deposit in this tranche for this epoch. You can lend into it again next epoch.",
    );
    expect(trancheFullReason({ maximumDeposit: 5n }, 4n)).toBeNull();
    expect(trancheFullText({ maximumDeposit: 5n })).toBeNull();
  });
});
