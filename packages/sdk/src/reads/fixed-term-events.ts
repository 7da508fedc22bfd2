import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import type { FixedTermPayout } from "../domain/portfolio";
import { managerEvents } from "./contracts";
import { readEvents } from "./events";
import { readLogsInRanges } from "./logs";
import type { AtBlock } from "./pools";

// The fixed-term reads from the manager's events, apart from ./user-lending's view reads: a
// browser chunk of those (the locking and fill-preview reads, issue 26) then carries no log
// decoding.

/**
 * A fixed-term lock from the chain's events: whose it is, what it was worth when it started
 * (`FixedTermLocked`) and what each release paid to the wallet (`FixedTermReleased`), with the
 * blocks they were mined in, so one scan answers for any block up to the one it was read at.
 */
export interface FixedTermLockEvents {
  user: Address;
  lockId: bigint;
  poolId: bigint;
  trancheId: bigint;
  lockedAssets: bigint;
  lockedAt: bigint;
  releases: { block: bigint; assets: bigint }[];
}

/** `FixedTermLocked`'s arguments (optional: a log viem's coder decodes may lack some). */
type LockedArgs = {
  lockId?: bigint;
  user?: Address;
  poolId?: bigint;
  trancheId?: bigint;
  assets?: bigint;
};
/** `FixedTermReleased`'s arguments. */
type ReleasedArgs = { lockId?: bigint; assets?: bigint };

/**
 * The fixed-term locks of all of `users` (in `poolId` only, when given), from the manager's
 * `FixedTermLocked` and `FixedTermReleased` events since the deployment's block up to `at`: two
 * log queries however many users (the user is an indexed topic, matched against the whole list),
 * each split where the provider caps their range.
 * Fold them into a lender's payouts at a block with {@link fixedTermPayoutsAt}.
 *
 * @example const locks = await readFixedTermLocks(client, deployment, { users: [a, b], poolId: 1n });
 */
export async function readFixedTermLocks(
  client: Client,
  deployment: Deployment,
  args: { users: readonly Address[]; poolId?: bigint } & AtBlock,
): Promise<FixedTermLockEvents[]> {
  if (args.users.length === 0) return [];
  const users = [...args.users];
  // a provider that caps eth_getLogs ranges gets the range in parts (./logs.ts)
  const range = { fromBlock: BigInt(deployment.deployBlock), toBlock: args.blockNumber };
  const [locked, released] = await Promise.all([
    readLogsInRanges(client, range, (r) =>
      readEvents<LockedArgs>(client, {
        ...managerEvents(deployment),
        eventName: "FixedTermLocked",
        args: args.poolId === undefined ? { user: users } : { user: users, poolId: args.poolId },
        ...r,
      }),
    ),
    readLogsInRanges(client, range, (r) =>
      readEvents<ReleasedArgs>(client, {
        ...managerEvents(deployment),
        eventName: "FixedTermReleased",
        args: { user: users },
        ...r,
      }),
    ),
  ]);
  const releases = new Map<bigint, FixedTermLockEvents["releases"]>();
  for (const e of released) {
    if (e.args.lockId === undefined || e.blockNumber === null) continue;
    const list = releases.get(e.args.lockId) ?? [];
    list.push({ block: e.blockNumber, assets: e.args.assets ?? 0n });
    releases.set(e.args.lockId, list);
  }
  return locked.flatMap((e) => {
    const { lockId, user, poolId, trancheId, assets } = e.args;
    if (lockId === undefined || user === undefined || poolId === undefined) return [];
    if (trancheId === undefined || e.blockNumber === null) return [];
    return [
      {
        user,
        lockId,
        poolId,
        trancheId,
        lockedAssets: assets ?? 0n,
        lockedAt: e.blockNumber,
        releases: releases.get(lockId) ?? [],
      },
    ];
  });
}

/**
 * `user`'s fixed-term payouts as they stood at block `blockNumber` (all of them when not given):
 * the locks started by then, each with what its releases up to then paid (0 for a lock that
 * turned variable, or not released yet). Pure: over {@link readFixedTermLocks}' answer.
 *
 * @example fixedTermPayoutsAt(locks, user, clearingBlock - 1n)
 */
export function fixedTermPayoutsAt(
  locks: readonly FixedTermLockEvents[],
  user: Address,
  blockNumber?: bigint,
): FixedTermPayout[] {
  const upTo = (block: bigint) => blockNumber === undefined || block <= blockNumber;
  const owner = user.toLowerCase();
  return locks
    .filter((l) => l.user.toLowerCase() === owner && upTo(l.lockedAt))
    .map((l) => ({
      lockId: l.lockId,
      poolId: l.poolId,
      trancheId: l.trancheId,
      lockedAssets: l.lockedAssets,
      paid: l.releases.filter((r) => upTo(r.block)).reduce((a, r) => a + r.assets, 0n),
    }));
}

/**
 * The lender's fixed-term locks with what they were worth when they started and what their
 * release paid to the wallet (0 for a lock that turned variable, or not released yet), from the
 * manager's `FixedTermLocked` and `FixedTermReleased` events of the user since the deployment's
 * block (two log queries, {@link readFixedTermLocks}). The portfolio's figures count a payout as
 * money that left the tranche.
 *
 * @example const payouts = await readFixedTermPayouts(client, deployment, user);
 */
export async function readFixedTermPayouts(
  client: Client,
  deployment: Deployment,
  user: Address,
  at: AtBlock = {},
): Promise<FixedTermPayout[]> {
  const locks = await readFixedTermLocks(client, deployment, { users: [user], ...at });
  return fixedTermPayoutsAt(locks, user);
}
