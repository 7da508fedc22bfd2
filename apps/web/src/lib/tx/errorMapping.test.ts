// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mapTransactionError, TransactionRevertedError } from "./errorMapping";

const caller = { title: "deposit error" };
const wrap = (cause: unknown, name = "TransactionExecutionError") =>
  Object.assign(new Error("wrapped"), { name, cause });

describe("mapTransactionError", () => {
  it("maps a user rejection (EIP-1193 code 4001) to 'Rejected'", () => {
    const error = wrap(Object.assign(new Error("User rejected the request."), { code: 4001 }));
    expect(mapTransactionError(error, caller)).toEqual({
      kind: "rejected",
      title: "Rejected",
      log: false,
    });
  });

  it("maps viem's UserRejectedRequestError by name", () => {
    const error = wrap(Object.assign(new Error("x"), { name: "UserRejectedRequestError" }));
    expect(mapTransactionError(error, caller).title).toBe("Rejected");
  });

  it("maps insufficient funds to 'insufficient balance'", () => {
    const error = wrap(
      Object.assign(new Error("insufficient funds for gas * price + value"), {
        name: "InsufficientFundsError",
      }),
    );
    expect(mapTransactionError(error, caller)).toEqual({
      kind: "insufficientFunds",
      title: "insufficient balance",
      log: false,
    });
  });

  it("maps a mined, reverted transaction to 'transaction reverted' with its hash", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(mapTransactionError(new TransactionRevertedError(hash), caller)).toEqual({
      kind: "reverted",
      title: "transaction reverted",
      message: undefined,
      txHash: hash,
      log: false,
    });
  });

  it("explains a revert a lender can meet in words, and shows an unknown one by name", () => {
    const error = Object.assign(new Error("execution reverted"), {
      name: "ContractFunctionRevertedError",
    });
    expect(mapTransactionError(error, caller, "PoolBehindSchedule").message).toBe(
      "The pool's previous epochs are still being cleared. Please try again in a few minutes.",
    );
    expect(mapTransactionError(error, caller, "SomethingNew").message).toBe("SomethingNew");
    // A name that is an Object property is not a catalog entry.
    expect(mapTransactionError(error, caller, "toString").message).toBe("toString");
  });

  it("maps a revert during gas estimation, with the decoded protocol error name", () => {
    const error = wrap(
      Object.assign(new Error("Execution reverted with reason: custom error 0x1234."), {
        name: "ExecutionRevertedError",
      }),
      "EstimateGasExecutionError",
    );
    const toast = mapTransactionError(error, caller, "KycExpired");
    expect(toast).toMatchObject({
      kind: "reverted",
      title: "transaction reverted",
      message: "The KYC authorisation expired. Please try again.",
    });
    expect(toast.txHash).toBeUndefined();
  });

  it("prefers a rejection over other matches", () => {
    const error = wrap(
      Object.assign(new Error("execution reverted"), {
        cause: Object.assign(new Error("denied"), { code: 4001 }),
      }),
    );
    expect(mapTransactionError(error, caller).kind).toBe("rejected");
  });

  it("maps anything else to the caller's title and message and asks to log it", () => {
    expect(mapTransactionError(new Error("socket hang up"), caller)).toEqual({
      kind: "unknown",
      title: "deposit error",
      message: "unexpected error",
      log: true,
    });
    expect(
      mapTransactionError(new Error("boom"), { title: "withdraw error", message: "try later" }),
    ).toMatchObject({ title: "withdraw error", message: "try later", log: true });
  });
});
