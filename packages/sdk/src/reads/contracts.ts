import { ksuLockingAbi, lendingPoolManagerAbi } from "../abi/generated";
import type { Deployment } from "../deployments";

/** The lending pool manager (its address and ABI) of a deployment, for `readContract`. */
export const manager = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi }) as const;

/** The KSU locking contract (its address and ABI) of a deployment, for `readContract`. */
export const locking = (deployment: Deployment) =>
  ({ address: deployment.ksuLocking, abi: ksuLockingAbi }) as const;
