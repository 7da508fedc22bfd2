/**
 * The transaction handler's error mapper (spec section 8): which toast a failed write shows and
 * whether it is reported to the server. Pure: matching is by error name / code / text along the
 * cause chain (see `@/lib/errors`), so no viem error classes are pulled into the bundle.
 */
import { reverts, tx } from "@lending/sdk";
import { errorChain, isUserRejection } from "@/lib/errors";

export const DEFAULT_ERROR_MESSAGE = tx.unexpectedError;

export type TxErrorKind = "rejected" | "insufficientFunds" | "reverted" | "unknown";

export interface TxErrorToast {
  kind: TxErrorKind;
  title: string;
  message?: string;
  /** the transaction hash to link, when the transaction was mined and reverted */
  txHash?: string;
  /** unknown errors are logged to POST /api/logging */
  log: boolean;
}

/** Thrown by the pipeline when a mined transaction's receipt says it reverted. */
export class TransactionRevertedError extends Error {
  override name = "TransactionRevertedError";
  constructor(readonly hash: string) {
    super(`Transaction ${hash} reverted`);
  }
}

const text = (e: { shortMessage?: string; message?: string; details?: string }) =>
  `${e.shortMessage ?? ""} ${e.message ?? ""} ${e.details ?? ""}`;

export function isInsufficientFunds(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      e.name === "InsufficientFundsError" ||
      /insufficient funds|exceeds the balance of the account/i.test(text(e)),
  );
}

/** A contract revert, on estimation, simulation or in a mined transaction (with its hash). */
export function revertOf(error: unknown): { hash?: string } | null {
  for (const e of errorChain(error)) {
    if (e instanceof TransactionRevertedError || e.name === "TransactionRevertedError") {
      return { hash: (e as TransactionRevertedError).hash };
    }
    if (
      e.name === "ContractFunctionRevertedError" ||
      e.name === "ExecutionRevertedError" ||
      e.name === "CallExecutionError" ||
      e.name === "EstimateGasExecutionError" ||
      /execution reverted|reverted with (custom error|reason)/i.test(text(e))
    ) {
      return {};
    }
  }
  return null;
}

/** A readable message for a protocol revert (its name when the catalog has none). */
export function revertMessage(revertName: string | undefined): string | undefined {
  if (!revertName) return undefined;
  return Object.hasOwn(reverts, revertName)
    ? reverts[revertName as keyof typeof reverts]
    : revertName;
}

/**
 * Maps a failed write to its toast. Order: user rejection, insufficient funds, revert, unknown
 * (the caller's title and message, default 'unexpected error', then logged).
 *
 * @param revertName the protocol error's name when decoded (shown as the revert's message)
 */
export function mapTransactionError(
  error: unknown,
  caller: { title: string; message?: string },
  revertName?: string,
): TxErrorToast {
  if (isUserRejection(error)) return { kind: "rejected", title: tx.rejected, log: false };
  if (isInsufficientFunds(error)) {
    return { kind: "insufficientFunds", title: tx.insufficientFunds, log: false };
  }
  const revert = revertOf(error);
  if (revert) {
    return {
      kind: "reverted",
      title: tx.reverted,
      message: revertMessage(revertName),
      txHash: revert.hash,
      log: false,
    };
  }
  return {
    kind: "unknown",
    title: caller.title,
    message: caller.message ?? DEFAULT_ERROR_MESSAGE,
    log: true,
  };
}
