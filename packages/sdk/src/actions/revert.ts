import { decodeErrorResult, isHex, type Hex } from "viem";
import { erc20Abi } from "../abi/erc20";
import { ksuLockingAbi, lendingPoolManagerAbi } from "../abi/generated";
import { ProtocolRevertError } from "../errors";
import { contractRevert } from "../reads/readContract";

const errorAbi = [...lendingPoolManagerAbi, ...ksuLockingAbi, ...erc20Abi].filter(
  (item) => item.type === "error",
);

function revertData(error: unknown): Hex | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 12; depth++) {
    const data = (e as { data?: unknown }).data;
    if (typeof data === "string" && isHex(data) && data.length >= 10) return data;
    if (typeof data === "object" && data !== null) {
      const nested = (data as { data?: unknown }).data;
      if (typeof nested === "string" && isHex(nested) && nested.length >= 10) return nested;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The protocol's custom error (manager, extension, locking or ERC-20) behind a failed call, send
 * or gas estimate, by name with its arguments; `null` when the error is not such a revert (a user
 * rejection, a network failure). Works for raw `sendTransaction` of a built transaction, where
 * viem has no ABI to decode the revert with.
 *
 * @example
 * try { await walletClient.sendTransaction(tx); }
 * catch (e) { const revert = decodeProtocolRevert(e); if (revert?.errorName === "KycExpired") ... }
 */
export function decodeProtocolRevert(error: unknown): ProtocolRevertError | null {
  const reverted = contractRevert(error);
  if (reverted?.data?.errorName) {
    return new ProtocolRevertError(reverted.data.errorName, reverted.data.args ?? [], {
      cause: error,
    });
  }
  const data = revertData(error);
  if (!data) return null;
  try {
    const decoded = decodeErrorResult({ abi: errorAbi, data });
    return new ProtocolRevertError(decoded.errorName, decoded.args ?? [], { cause: error });
  } catch {
    return null;
  }
}
