import { encodeFunctionData } from "viem";
import { ksuLockingAbi } from "../abi/generated";
import type { Deployment } from "../deployments";
import { id, positive } from "./amounts";
import type { TransactionRequest } from "./types";

function lockingCall<D extends TransactionRequest["description"]>(
  deployment: Deployment,
  data: `0x${string}`,
  description: D,
): TransactionRequest<D> {
  return { to: deployment.ksuLocking, data, value: 0n, description };
}

/**
 * `lock(amount, lockPeriodId)`: locks KSU for a lock period, mints rKSU and pays the launch bonus
 * at once (the contract pulls `amount - bonus`; approving `amount` is always enough).
 *
 * @param args.amount KSU (18 decimals).
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * await walletClient.sendTransaction(approve({ token: deployment.ksu, spender: deployment.ksuLocking, amount }));
 * await walletClient.sendTransaction(lock(deployment, { amount, lockPeriodId: 2n }));
 */
export function lock(deployment: Deployment, args: { amount: bigint; lockPeriodId: bigint }) {
  const amount = positive("amount", args.amount);
  const lockPeriodId = id("lockPeriodId", args.lockPeriodId);
  return lockingCall(
    deployment,
    encodeFunctionData({ abi: ksuLockingAbi, functionName: "lock", args: [amount, lockPeriodId] }),
    { action: "lock" as const, amount, lockPeriodId },
  );
}

/**
 * `unlock(amount, lockId)`: takes KSU out of one of the caller's locks once its period is over
 * (partial unlocks allowed).
 *
 * @param args.lockId Id within the user's locks (`UserLock.id`).
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * const tx = unlock(deployment, { amount: lock.lockedAmount, lockId: lock.id });
 */
export function unlock(deployment: Deployment, args: { amount: bigint; lockId: bigint }) {
  const amount = positive("amount", args.amount);
  const lockId = id("lockId", args.lockId);
  return lockingCall(
    deployment,
    encodeFunctionData({ abi: ksuLockingAbi, functionName: "unlock", args: [amount, lockId] }),
    { action: "unlock" as const, amount, lockId },
  );
}

/**
 * `claimFees()`: claims the caller's USDC fee share (the projected USDC).
 *
 * @example const tx = claimFees(deployment);
 */
export function claimFees(deployment: Deployment) {
  return lockingCall(
    deployment,
    encodeFunctionData({ abi: ksuLockingAbi, functionName: "claimFees" }),
    { action: "claimFees" as const },
  );
}

/**
 * `claimBonus()`: pays the caller's accrued KSU bonus interest.
 *
 * @example const tx = claimBonus(deployment);
 */
export function claimBonus(deployment: Deployment) {
  return lockingCall(
    deployment,
    encodeFunctionData({ abi: ksuLockingAbi, functionName: "claimBonus" }),
    { action: "claimBonus" as const },
  );
}
