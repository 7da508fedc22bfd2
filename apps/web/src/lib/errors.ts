/**
 * The one place that turns thrown errors into UI copy. Matching is by error name / code along
 * the cause chain, so no viem or wagmi error classes are pulled into the bundle. A page's read
 * errors are in ./readErrors (re-exported here).
 */
import { wallet } from "@lending/sdk";
import { errorChain, isRpcUnreachable, some, text } from "./readErrors";

export {
  errorChain,
  isNotDeployed,
  isRpcUnreachable,
  loadErrorCopy,
  readErrorCopy,
  type ErrorLike,
  type ReadErrorCopy,
  type ReadSource,
} from "./readErrors";

export function isUserRejection(error: unknown): boolean {
  return some(
    error,
    (e) =>
      e.code === 4001 ||
      e.code === "ACTION_REJECTED" ||
      e.name === "UserRejectedRequestError" ||
      /user (rejected|denied|cancel)/i.test(text(e)),
  );
}

/** Copy for a failed wallet connection or wallet request. */
export function walletErrorMessage(error: unknown): string {
  const copy = wallet.errors;
  if (isUserRejection(error)) return copy.rejected;
  if (some(error, (e) => e.name === "ProviderNotFoundError")) return copy.noBrowserWallet;
  if (some(error, (e) => e.name === "ConnectorAlreadyConnectedError")) return copy.alreadyConnected;
  if (some(error, (e) => e.name === "SwitchChainNotSupportedError" || e.code === 4902))
    return copy.cannotSwitch;
  if (isRpcUnreachable(error)) return copy.unreachable;
  const first = errorChain(error)[0];
  return first?.shortMessage ?? first?.message ?? copy.other;
}
