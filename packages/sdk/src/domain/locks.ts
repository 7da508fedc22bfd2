import type { UserLock } from "../entities";

/**
 * Whether a lock can be unlocked at chain time `nowSeconds`, as `KsuLocking.unlock` decides:
 * something is still locked and its lock period is over (`startTime + lockPeriod <= now`, the
 * lock's `unlockTime`). Use the chain's clock (the latest block's timestamp), not the browser's.
 *
 * @example canUnlock({ lockedAmount: 1n, unlockTime: 100 }, 100) // true
 */
export function canUnlock(
  lock: Pick<UserLock, "lockedAmount" | "unlockTime">,
  nowSeconds: number,
): boolean {
  return lock.lockedAmount > 0n && lock.unlockTime <= nowSeconds;
}
