/**
 * Errors of a page's reads turned into UI copy (issue 25): the part of ./errors that data pages
 * need, without the wallet's error copy. Matching is by error name / code along the cause chain,
 * so no viem or wagmi error classes are pulled into the bundle.
 */
import { common, fill } from "@lending/sdk";

export interface ErrorLike {
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

/** Whether the error or one of its causes matches. */
export const some = (error: unknown, pred: (e: ErrorLike) => boolean) =>
  errorChain(error).some(pred);
export const text = (e: ErrorLike) =>
  `${e.shortMessage ?? ""} ${e.message ?? ""} ${e.details ?? ""}`;

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

/** Which part a page's read depends on: the chain's RPC, the indexer (through /api) or the app's server. */
export type ReadSource = "chain" | "indexer" | "server";

/** Whether the app's own /api answered with an error status, or did not answer at all. */
function apiFailure(error: unknown): "answered" | "unreachable" | null {
  for (const e of errorChain(error)) {
    if (e.name === "ApiError") return "answered";
    // fetch() itself failed: the server is down or the connection is lost
    if (e.name === "TypeError" && /fetch|network|load failed/i.test(text(e))) return "unreachable";
  }
  return null;
}

/**
 * Copy for a page whose data could not be read (issue 25), naming the part that failed: the
 * chain's RPC (or missing contracts), the indexer (its /api route answered 5xx) or the server.
 */
export function loadErrorCopy(
  error: unknown,
  source: ReadSource,
  chainName: string,
): ReadErrorCopy {
  const copy = common.loadError;
  if (source === "chain") return readErrorCopy(error, chainName);
  const failure = apiFailure(error);
  if (failure === "unreachable" || source === "server")
    return { title: copy.serverTitle, detail: copy.serverDetail };
  return { title: copy.indexerTitle, detail: copy.indexerDetail };
}
