import { isAddress, type Address } from "viem";
import { DeploymentNotFoundError, InvalidDeploymentError } from "../errors";
import local from "./31337.json";

/** Addresses of the protocol's contracts on one chain (written by the deploy script). */
export type Deployment = {
  chainId: number;
  lendingPoolManager: Address;
  usdc: Address;
  ksu: Address;
  /** KSU locking: lock periods, rKSU, fee sharing, loyalty levels, bonus interest. */
  ksuLocking: Address;
  /** The non-transferable request NFT (deployed by the manager). */
  requestNft: Address;
  /** Block of the LendingPoolManager deployment: where indexers start. */
  deployBlock: number;
  /** Pays referral rewards from the treasury (absent on deployments made before it). */
  referralRewards?: Address;
  /** The KSU/USDC Uniswap V2 pair the deploy creates on the local chain: the keeper's default
   * KSU price source there (absent elsewhere: the keeper's KSU_PRICE_SOURCE names one). */
  ksuUsdcPair?: Address;
};

/**
 * Checks a deployment record read from JSON and types it.
 *
 * @throws {InvalidDeploymentError} when a field is missing or malformed.
 * @example
 * const deployment = parseDeployment(JSON.parse(text));
 */
export function parseDeployment(value: unknown): Deployment {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const { chainId, deployBlock } = record;
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidDeploymentError("chainId", chainId);
  }
  if (typeof deployBlock !== "number" || !Number.isSafeInteger(deployBlock) || deployBlock < 0) {
    throw new InvalidDeploymentError("deployBlock", deployBlock);
  }
  const address = (
    field:
      | "lendingPoolManager"
      | "usdc"
      | "ksu"
      | "ksuLocking"
      | "requestNft"
      | "referralRewards"
      | "ksuUsdcPair",
  ): Address => {
    const v = record[field];
    if (typeof v !== "string" || !isAddress(v)) throw new InvalidDeploymentError(field, v);
    return v;
  };
  return {
    chainId,
    lendingPoolManager: address("lendingPoolManager"),
    usdc: address("usdc"),
    ksu: address("ksu"),
    ksuLocking: address("ksuLocking"),
    requestNft: address("requestNft"),
    deployBlock,
    ...(record.referralRewards === undefined
      ? {}
      : { referralRewards: address("referralRewards") }),
    ...(record.ksuUsdcPair === undefined ? {} : { ksuUsdcPair: address("ksuUsdcPair") }),
  };
}

/**
 * Known deployments by chain id: the records this package imports (the local chain's), plus any
 * registered at run time with {@link registerDeployment}. Kept on `globalThis`, so every copy of
 * this module in one process or page (a bundler may load it more than once) sees one registry.
 */
const REGISTRY = Symbol.for("@lending/sdk/deployments");
const registryHolder = globalThis as { [REGISTRY]?: Partial<Record<number, Deployment>> };
export const deployments: Partial<Record<number, Deployment>> = (registryHolder[REGISTRY] ??=
  Object.fromEntries([local].map(parseDeployment).map((d) => [d.chainId, d])));

/**
 * Makes a deployment known at run time (a server reads its chain's record from the file the
 * deploy wrote and hands it to the browser), so one build serves any deployment: a chain's
 * addresses need not be compiled in. Replaces an earlier record of the same chain.
 *
 * @throws {InvalidDeploymentError} when the record is malformed.
 */
export function registerDeployment(value: unknown): Deployment {
  const deployment = parseDeployment(value);
  deployments[deployment.chainId] = deployment;
  return deployment;
}

/** Whether the SDK knows a deployment on `chainId`. */
export function hasDeployment(chainId: number): boolean {
  return deployments[chainId] !== undefined;
}

/**
 * The deployment on `chainId`.
 *
 * @throws {DeploymentNotFoundError} when the SDK knows no deployment on that chain.
 * @example
 * const { lendingPoolManager } = getDeployment(31337);
 */
export function getDeployment(chainId: number): Deployment {
  const deployment = deployments[chainId];
  if (!deployment) throw new DeploymentNotFoundError(chainId);
  return deployment;
}
