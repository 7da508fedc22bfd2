import type { Client } from "viem";
import type { Deployment } from "../deployments";
import { epochRateToApy } from "../domain/apy";
import type { FixedTermDepositStatus } from "../domain/fixed-term";
import { PoolNotFoundError, UnknownFixedTermStatusError } from "../errors";
import { manager } from "./contracts";
import { readContract, contractRevert } from "./readContract";

/** The contract's enum values, in order. */
export const FIXED_TERM_DEPOSIT_STATUSES = [
  "Disabled",
  "Everyone",
  "Allowlist",
] as const satisfies readonly FixedTermDepositStatus[];

/** A fixed-term (locked, fixed-rate) deposit option of a tranche. */
export type FixedTermConfig = {
  /** Id within the tranche, from 1 (0 means "no fixed term" in deposit requests). */
  configId: bigint;
  /** Display APY as a fraction (0.1 = 10%), from `epochInterestRate`. */
  apy: number;
  /** Fixed interest rate per epoch, 18-decimal fixed point. */
  epochInterestRate: bigint;
  /** Lock length in epochs. */
  epochLockDuration: bigint;
  fixedTermDepositStatus: FixedTermDepositStatus;
};

/** A tranche of a pool: its own rate, deposit limits and capacity. */
export type Tranche = {
  /** Index in the pool: 0 is the most junior (riskiest). */
  id: bigint;
  name: string;
  /** Display APY as a fraction (0.1 = 10%), from `interestRate`. */
  apy: number;
  /** Variable interest rate per epoch, 18-decimal fixed point. */
  interestRate: bigint;
  /** USDC units (6 decimals). */
  minimumDeposit: bigint;
  /** Per user per epoch, USDC units. */
  maximumDeposit: bigint;
  /** USDC units. */
  capacity: bigint;
  /** USDC units. */
  totalAssets: bigint;
  fixedTermConfig: FixedTermConfig[];
  /**
   * Closed to deposits and fixed-term locks after a loss wiped a ledger of it, until the pool
   * manager recapitalises or reopens it.
   */
  closed: boolean;
};

/** A lending pool with its tranches, most junior first. */
export type Pool = {
  id: bigint;
  poolName: string;
  subheading: string;
  requestEpochsInAdvance: bigint;
  tranches: Tranche[];
};

/** A read at a past block (`blockNumber`), or at the latest when it is not given. */
export type AtBlock = { blockNumber?: bigint };

type PoolView = Awaited<ReturnType<typeof readPoolViews>>[number];

function readPoolViews(client: Client, deployment: Deployment, at: AtBlock = {}) {
  return readContract(client, {
    ...manager(deployment),
    functionName: "getPools",
    ...(at.blockNumber === undefined ? {} : { blockNumber: at.blockNumber }),
  });
}

function toStatus(status: number): FixedTermDepositStatus {
  const name = FIXED_TERM_DEPOSIT_STATUSES[status];
  if (!name) throw new UnknownFixedTermStatusError(status);
  return name;
}

function toPool(view: PoolView): Pool {
  return {
    id: view.id,
    poolName: view.name,
    subheading: view.subheading,
    requestEpochsInAdvance: view.requestEpochsInAdvance,
    tranches: view.tranches.map((t) => ({
      id: t.id,
      name: t.name,
      apy: epochRateToApy(t.epochInterestRate),
      interestRate: t.epochInterestRate,
      minimumDeposit: t.minimumDeposit,
      maximumDeposit: t.maximumDeposit,
      capacity: t.capacity,
      totalAssets: t.totalAssets,
      fixedTermConfig: t.fixedTermConfigs.map((c) => ({
        configId: c.configId,
        apy: epochRateToApy(c.epochInterestRate),
        epochInterestRate: c.epochInterestRate,
        epochLockDuration: c.epochLockDuration,
        fixedTermDepositStatus: toStatus(c.status),
      })),
      closed: t.closed,
    })),
  };
}

/**
 * All lending pools with their tranches and fixed-term configs, in id order, in one call.
 *
 * @param client Any viem client (public client, wagmi's `getPublicClient`, a test client).
 * @param deployment Contract addresses on the client's chain (see `getDeployment`).
 * @param at The block to read at (the latest when not given; an older one needs an archive node).
 * @example
 * const client = createPublicClient({ transport: http(rpcUrl) });
 * const pools = await readPools(client, getDeployment(31337));
 * pools[0]?.tranches.map((t) => `${t.name}: ${formatPercent(t.apy)}`);
 */
export async function readPools(
  client: Client,
  deployment: Deployment,
  at: AtBlock = {},
): Promise<Pool[]> {
  const views = await readPoolViews(client, deployment, at);
  return views.map(toPool);
}

/**
 * One lending pool by id.
 *
 * @throws {PoolNotFoundError} when no pool has this id.
 * @example
 * const pool = await readPool(client, getDeployment(31337), 0n);
 */
export async function readPool(
  client: Client,
  deployment: Deployment,
  poolId: bigint,
): Promise<Pool> {
  try {
    const view = await readContract(client, {
      ...manager(deployment),
      functionName: "getPool",
      args: [poolId],
    });
    return toPool(view);
  } catch (error) {
    if (contractRevert(error)?.data?.errorName === "PoolNotFound") {
      throw new PoolNotFoundError(poolId, { cause: error });
    }
    throw error;
  }
}
