import { lendingPoolManagerReadEventsAbi } from "../abi/events";
import { ksuLockingReadsAbi, lendingPoolManagerReadsAbi } from "../abi/views";
import type { Deployment } from "../deployments";

// The reads name a contract by these helpers, with the part of its ABI they use: the views they
// call, or the events they read, each ABI module apart from the whole ABIs of the transactions
// (see wagmi.config.ts: a browser chunk carries every ABI of a module that any page uses; issue
// 26). A revert is named by the contracts' errors, which `readContract` loads with a failed read.

/** The lending pool manager (its address and the views the reads call), for `readContract`. */
export const manager = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerReadsAbi }) as const;

/** The lending pool manager's events the reads read (with its address), for a log read. */
export const managerEvents = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerReadEventsAbi }) as const;

/** The KSU locking contract (its address and the views the reads call), for `readContract`. */
export const locking = (deployment: Deployment) =>
  ({ address: deployment.ksuLocking, abi: ksuLockingReadsAbi }) as const;
