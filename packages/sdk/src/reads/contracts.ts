import { lendingPoolManagerEventsAbi } from "../abi/events";
import { ksuLockingViewsAbi, lendingPoolManagerViewsAbi } from "../abi/views";
import type { Deployment } from "../deployments";

// The reads name a contract by these helpers, with the part of its ABI they use: its views and
// errors (a revert is named by them), or its events, each ABI module apart from the whole ABIs
// of the transactions (see wagmi.config.ts: a browser chunk carries every ABI of a module that
// any page uses; issue 26).

/** The lending pool manager (its address, views and errors), for `readContract`. */
export const manager = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerViewsAbi }) as const;

/** The lending pool manager's events (with its address), for a log read. */
export const managerEvents = (deployment: Deployment) =>
  ({ address: deployment.lendingPoolManager, abi: lendingPoolManagerEventsAbi }) as const;

/** The KSU locking contract (its address, views and errors), for `readContract`. */
export const locking = (deployment: Deployment) =>
  ({ address: deployment.ksuLocking, abi: ksuLockingViewsAbi }) as const;
