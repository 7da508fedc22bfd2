import type { Address, Client } from "viem";
import { getBlock } from "viem/actions";
import type { Deployment } from "../deployments";
import {
  buildPortfolioSummary,
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
import { readFixedTermPayouts, readUserPosition } from "./user-lending";

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
