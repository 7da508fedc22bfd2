import type { Address, Client } from "viem";
import { getBlock } from "viem/actions";
import type { Deployment } from "../deployments";
import {
  buildPortfolioSummary,
  interestBetween,
  type PortfolioPoolInput,
  type PortfolioSummary,
  type PositionLoss,
} from "../domain/portfolio";
import {
  buildStatement,
  type Statement,
  type StatementPeriod,
  type StatementReward,
  type StatementTransaction,
} from "../domain/statements";
import { readPools } from "./pools";
import { fixedTermPayoutsAt, readFixedTermLocks, readFixedTermPayouts } from "./fixed-term-events";
import { readUserPosition } from "./user-lending";

/**
 * The newest block mined before `timestamp` (unix seconds), by bisection over block times (about
 * log2(height) reads); null when the chain's first block is not before it. `latest` when no block
 * is at or after `timestamp` yet (a period still running).
 *
 * @example const closing = await blockBefore(client, period.end);
 */
export async function blockBefore(
  client: Client,
  timestamp: number,
): Promise<{ number: bigint; timestamp: number; latest: boolean } | null> {
  const latest = await getBlock(client, { blockTag: "latest" });
  if (Number(latest.timestamp) < timestamp) {
    return { number: latest.number, timestamp: Number(latest.timestamp), latest: true };
  }
  let lo = 0n; // candidate (checked below)
  let hi = latest.number; // at or after `timestamp`
  const time = async (n: bigint) => Number((await getBlock(client, { blockNumber: n })).timestamp);
  if ((await time(0n)) >= timestamp) return null;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if ((await time(mid)) < timestamp) lo = mid;
    else hi = mid;
  }
  return { number: lo, timestamp: await time(lo), latest: false };
}

/** A lender's loss with its time (the indexer's GET /lender-losses rows, per tranche). */
export type DatedPositionLoss = PositionLoss & { timestamp: number };

const EMPTY: Pick<PortfolioSummary, "pools"> = { pools: [] };

/**
 * The lender's portfolio figures at a past block ({@link buildPortfolioSummary} over
 * `getUserPosition`, the pools and the fixed-term payouts read at that block, and the losses up to
 * `timestamp`). Before the deployment there is nothing.
 */
export async function readPortfolioAt(
  client: Client,
  deployment: Deployment,
  user: Address,
  block: { number: bigint; timestamp: number } | null,
  losses: readonly DatedPositionLoss[] = [],
): Promise<Pick<PortfolioSummary, "pools">> {
  if (!block || block.number < BigInt(deployment.deployBlock)) return EMPTY;
  const at = { blockNumber: block.number };
  const [position, pools, payouts] = await Promise.all([
    readUserPosition(client, deployment, user, at),
    readPools(client, deployment, at),
    readFixedTermPayouts(client, deployment, user, at),
  ]);
  return buildPortfolioSummary(position, pools, {
    fixedTermPayouts: payouts,
    losses: losses.filter((l) => l.timestamp <= block.timestamp),
  });
}

/**
 * The interest each of `users` earned on their positions in `pool` between the blocks `from` and
 * `to` (e.g. just before an epoch's clearing and at it): {@link interestBetween} over
 * {@link buildPortfolioSummary} of that pool alone at both blocks, as {@link readPortfolioAt} reads
 * it, variable shares and fixed-term locks alike. What it reads: `getUserPosition` of each user at
 * both blocks, and the fixed-term events of all the users in the pool in one scan up to `to`
 * ({@link readFixedTermLocks}: two log queries however many users). The tranches are `pool`'s (the
 * caller's reading; a pool's tranches do not change).
 *
 * @example const interest = await readPoolInterestBetween(client, deployment, { pool, users, from: block - 1n, to: block });
 */
export async function readPoolInterestBetween(
  client: Client,
  deployment: Deployment,
  args: { pool: PortfolioPoolInput; users: readonly Address[]; from: bigint; to: bigint },
): Promise<Map<Address, bigint>> {
  const deployed = BigInt(deployment.deployBlock);
  const locks = await readFixedTermLocks(client, deployment, {
    users: args.users,
    poolId: args.pool.id,
    blockNumber: args.to,
  });
  const at = async (user: Address, blockNumber: bigint) => {
    if (blockNumber < deployed) return EMPTY;
    const position = await readUserPosition(client, deployment, user, { blockNumber });
    return buildPortfolioSummary(position, [args.pool], {
      fixedTermPayouts: fixedTermPayoutsAt(locks, user, blockNumber),
    });
  };
  const interest = await Promise.all(
    args.users.map(async (user) => {
      const [before, after] = await Promise.all([at(user, args.from), at(user, args.to)]);
      return [user, interestBetween(before, after, args.pool.id)] as const;
    }),
  );
  return new Map(interest);
}

/**
 * A lender's statement for `period` (see {@link buildStatement}): the portfolio at the newest
 * block before the period's start and at the newest block before its end (the latest block while
 * the period runs), from the chain; the transactions, rewards and losses from the indexer. Reads
 * at past blocks need an archive node (anvil keeps every state).
 *
 * @example const s = await readStatement(client, deployment, { user, period: parseStatementPeriod("2026-Q3") });
 */
export async function readStatement(
  client: Client,
  deployment: Deployment,
  args: {
    user: Address;
    period: StatementPeriod;
    transactions?: readonly StatementTransaction[];
    rewards?: readonly StatementReward[];
    losses?: readonly DatedPositionLoss[];
    /** unix seconds, for the "generated on" line */
    now?: number;
  },
): Promise<Statement> {
  const [openingBlock, closingBlock] = await Promise.all([
    blockBefore(client, args.period.start),
    blockBefore(client, args.period.end),
  ]);
  const [opening, closing] = await Promise.all([
    readPortfolioAt(client, deployment, args.user, openingBlock, args.losses),
    readPortfolioAt(client, deployment, args.user, closingBlock, args.losses),
  ]);
  return buildStatement({
    user: args.user,
    period: args.period,
    asOf: closingBlock?.latest
      ? Math.max(closingBlock.timestamp, args.period.start)
      : args.period.end,
    chainId: deployment.chainId,
    openingBlock: openingBlock?.number ?? 0n,
    closingBlock: closingBlock?.number ?? 0n,
    generatedAt: args.now ?? Math.floor(Date.now() / 1000),
    opening,
    closing,
    transactions: args.transactions,
    rewards: args.rewards,
  });
}
