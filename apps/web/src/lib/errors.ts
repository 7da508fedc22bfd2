/**
 * The one place that turns thrown errors into UI copy. Matching is by error name / code along
 * the cause chain, so no viem or wagmi error classes are pulled into the bundle.
 */

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
  if (isUserRejection(error)) return "The request was rejected in the wallet.";
  if (some(error, (e) => e.name === "ProviderNotFoundError"))
    return "No browser wallet was found. Install a wallet extension or choose another option.";
  if (some(error, (e) => e.name === "ConnectorAlreadyConnectedError"))
    return "This wallet is already connected.";
  if (some(error, (e) => e.name === "SwitchChainNotSupportedError" || e.code === 4902))
    return "This wallet cannot switch to the required network. Switch it in the wallet itself.";
  if (isRpcUnreachable(error)) return "The network could not be reached. Try again in a moment.";
  const first = errorChain(error)[0];
  return first?.shortMessage ?? first?.message ?? "Something went wrong. Please try again.";
}

export interface ReadErrorCopy {
  title: string;
  detail: string;
}

/** Copy for a failed chain read (pools, epoch times ...). */
export function readErrorCopy(error: unknown, chainName: string): ReadErrorCopy {
  if (isNotDeployed(error))
    return {
      title: "Contracts not deployed",
      detail: `The lending contracts are not deployed on ${chainName}. Deploy them or switch the app to a network where they exist.`,
    };
  if (isRpcUnreachable(error))
    return {
      title: "Network unreachable",
      detail: `The ${chainName} RPC endpoint did not answer. Check that the node is running and try again.`,
    };
  const first = errorChain(error)[0];
  return {
    title: "Could not load data",
    detail: first?.shortMessage ?? first?.message ?? "An unexpected error occurred.",
  };
}
