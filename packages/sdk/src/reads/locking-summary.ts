import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import type { LoyaltyLevel } from "../domain/loyalty";
import type { UserLock, UserLockingSummary } from "../entities";
import { locking } from "./contracts";
import { readContract } from "./readContract";

// The user's locks and locking summary, apart from ./locking's overviews (prices, periods, the
// block's clock): the lend form's read in the browser carries these alone (issue 26).

type LockView = Awaited<ReturnType<typeof readLockViews>>[number];

function readLockViews(client: Client, deployment: Deployment, user: Address) {
  return readContract(client, {
    ...locking(deployment),
    functionName: "getUserLocks",
    args: [user],
  });
}

export function toUserLock(l: LockView): UserLock {
  return {
    id: l.lockId,
    lockPeriodId: l.lockPeriodId,
    lockedAmount: l.amount,
    rKSUAmount: l.rKsu,
    startTime: Number(l.startTime),
    unlockTime: Number(l.unlockTime),
    claimableFees: l.claimableFees,
  };
}

/**
 * The user's locks still holding KSU or unclaimed fees, in id order (spec "User lock").
 *
 * @example const locks = await getUserLocks(client, deployment, user);
 */
export async function getUserLocks(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<UserLock[]> {
  return (await readLockViews(client, deployment, user)).map(toUserLock);
}

/**
 * The user's locking position in one call (`getUserSummary`): rKSU, staked KSU, claimable fees,
 * bonus owed, loyalty level and locks.
 *
 * @example const { earnedRksu, loyaltyLevel, locks } = await readUserLockingSummary(client, deployment, user);
 */
export async function readUserLockingSummary(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<UserLockingSummary> {
  const s = await readContract(client, {
    ...locking(deployment),
    functionName: "getUserSummary",
    args: [user],
  });
  return {
    earnedRksu: s.rKsu,
    stakedKsu: s.stakedKsu,
    claimableFees: s.claimableFees,
    bonusAmount: s.bonusAmount,
    loyaltyLevel: Math.min(s.loyaltyLevel, 2) as LoyaltyLevel,
    locks: s.locks.map(toUserLock),
  };
}
