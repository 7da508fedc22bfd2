/**
 * The one place that turns thrown errors into UI copy. Matching is by error name / code along
 * the cause chain, so no viem or wagmi error classes are pulled into the bundle.
 */
import { common, fill, wallet } from "@lending/sdk";

interface ErrorLike {
  name?: string;
  code?: number | string;
  message?: string;
  shortMessage?: string;
  details?: string;
  cause?: unknown;
}

/** The error and its causes, outermost first. */
export function errorChain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let e: unknown = error;
  while (e && typeof e === "object" && out.length < 10) {
    out.push(e as ErrorLike);
    e = (e as ErrorLike).cause;
  }
  return out;
}

const some = (error: unknown, pred: (e: ErrorLike) => boolean) => errorChain(error).some(pred);
const text = (e: ErrorLike) => `${e.shortMessage ?? ""} ${e.message ?? ""} ${e.details ?? ""}`;

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

export function isRpcUnreachable(error: unknown): boolean {
  return some(
    error,
    (e) =>
      e.name === "HttpRequestError" ||
      e.name === "TimeoutError" ||
      /failed to fetch|fetch failed|networkerror|ECONNREFUSED|load failed/i.test(text(e)),
  );
}

/** The contracts are missing: no deployment entry for the chain, or no code at the address. */
export function isNotDeployed(error: unknown): boolean {
  return some(
    error,
    (e) =>
      e.name === "DeploymentNotFoundError" ||
      e.name === "ContractFunctionZeroDataError" ||
      /returned no data \("0x"\)/.test(text(e)),
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

export interface ReadErrorCopy {
  title: string;
  detail: string;
}

/** Copy for a failed chain read (pools, epoch times ...). */
export function readErrorCopy(error: unknown, chainName: string): ReadErrorCopy {
  const copy = common.readError;
  if (isNotDeployed(error))
    return {
      title: copy.notDeployedTitle,
      detail: fill(copy.notDeployedDetail, { chain: chainName }),
    };
  if (isRpcUnreachable(error))
    return {
      title: copy.unreachableTitle,
      detail: fill(copy.unreachableDetail, { chain: chainName }),
    };
  const first = errorChain(error)[0];
  return {
    title: copy.otherTitle,
    detail: first?.shortMessage ?? first?.message ?? copy.otherDetail,
  };
}
