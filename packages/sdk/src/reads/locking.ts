import { formatUnits, type Address, type Client } from "viem";
import { erc20Abi } from "../abi/erc20";
import type { Deployment } from "../deployments";
import { bonusPerEpochKsu, stakedPercentage, type LoyaltyLevel } from "../domain/loyalty";
import type { LockPeriod, UserTotals } from "../entities";
import { readUserPosition } from "./user-lending";
import { readBlockNumber, readLatestBlock } from "./blocks";
import { locking, manager } from "./contracts";
import { readUserLockingSummary, toUserLock } from "./locking-summary";
import { readContract } from "./readContract";

const WAD = 10n ** 18n;

/** The product token's price: USDC units (6 decimals) per whole token and when it was set. */
export type ProductTokenPrice = {
  /** USDC units per whole KSU, e.g. 500_000n = 0.50 USDC. */
  priceUsdc: bigint;
  /** As a number, e.g. 0.5 (display only). */
  price: number;
  /** Unix seconds. */
  updatedAt: number;
};

/**
 * The product token's (KSU's) USDC price from the locking contract's price source.
 *
 * @example const { price } = await getProductTokenPrice(client, getDeployment(31337)); // 0.5
 */
export async function getProductTokenPrice(
  client: Client,
  deployment: Deployment,
): Promise<ProductTokenPrice> {
  const [priceUsdc, updatedAt] = await readContract(client, {
    ...locking(deployment),
    functionName: "ksuPrice",
  });
  return { priceUsdc, price: Number(formatUnits(priceUsdc, 6)), updatedAt: Number(updatedAt) };
}

/** Alias of {@link getProductTokenPrice} under the spec's name for the KSU product. */
export const getKsuTokenPrice = getProductTokenPrice;

/**
 * Start of the next epoch.
 *
 * @example formatDateTime(await getNextEpochDate(client, deployment));
 */
export async function getNextEpochDate(client: Client, deployment: Deployment): Promise<Date> {
  const start = await readContract(client, {
    ...manager(deployment),
    functionName: "nextEpochStart",
  });
  return new Date(Number(start) * 1000);
}

/**
 * Start of the next clearing period (always in the future), for the banner's countdown.
 *
 * @example const date = await getNextClearingPeriodDate(client, deployment);
 */
export async function getNextClearingPeriodDate(
  client: Client,
  deployment: Deployment,
): Promise<Date> {
  const start = await readContract(client, {
    ...manager(deployment),
    functionName: "nextClearingPeriodStart",
  });
  return new Date(Number(start) * 1000);
}

/**
 * KSU bonus interest owed to the user (18 decimals).
 *
 * @example const bonus = await getUserTotalBonusAmount(client, deployment, user);
 */
export function getUserTotalBonusAmount(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<bigint> {
  return readContract(client, {
    ...locking(deployment),
    functionName: "getUserTotalBonusAmount",
    args: [user],
  });
}

/**
 * The user's rKSU (18 decimals).
 *
 * @example const rksu = await getUserEarnedRksu(client, deployment, user);
 */
export function getUserEarnedRksu(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<bigint> {
  return readContract(client, {
    ...locking(deployment),
    functionName: "rKsuBalance",
    args: [user],
  });
}

/**
 * KSU the user has locked over all locks (18 decimals).
 *
 * @example const staked = await getUserStakedKsu(client, deployment, user);
 */
export function getUserStakedKsu(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<bigint> {
  return readContract(client, {
    ...locking(deployment),
    functionName: "stakedKsu",
    args: [user],
  });
}

/**
 * The active lock periods, in id order (spec "Lock period").
 *
 * @example
 * const periods = await getLockPeriods(client, deployment);
 * periods.map((p) => `${Number(p.lockPeriod) / 86_400} days: ${p.rKSUMultiplier}x`);
 */
export async function getLockPeriods(
  client: Client,
  deployment: Deployment,
): Promise<LockPeriod[]> {
  const periods = await readContract(client, {
    ...locking(deployment),
    functionName: "getLockPeriods",
  });
  return periods.map(toLockPeriod);
}

function toLockPeriod(p: {
  id: bigint;
  lockPeriod: bigint;
  rKSUMultiplier: bigint;
  ksuBonusMultiplier: bigint;
}): LockPeriod {
  return {
    id: p.id,
    lockPeriod: p.lockPeriod.toString(),
    rKSUMultiplier: Number(formatUnits(p.rKSUMultiplier, 18)),
    ksuBonusMultiplier: Number(formatUnits(p.ksuBonusMultiplier, 18)),
    rKSUMultiplierWad: p.rKSUMultiplier,
    ksuBonusMultiplierWad: p.ksuBonusMultiplier,
  };
}

/**
 * KSU available in the bonus pool (pays launch bonuses and bonus interest), 18 decimals.
 *
 * @example const available = await readAvailableBonus(client, deployment);
 */
export function readAvailableBonus(client: Client, deployment: Deployment): Promise<bigint> {
  return readContract(client, { ...locking(deployment), functionName: "bonusPool" });
}

/**
 * The launch bonus a lock pays at once, as the contract computes it:
 * `min(amount x ksuBonusMultiplier / 1e18, bonusPool)`, rounded down. Pure.
 *
 * @example calculateLaunchBonus({ amount: 1000n * 10n ** 18n, lockPeriod: periods[1], bonusPool }) // 100 KSU
 */
export function calculateLaunchBonus(args: {
  amount: bigint;
  lockPeriod: Pick<LockPeriod, "ksuBonusMultiplierWad">;
  bonusPool: bigint;
}): bigint {
  if (args.amount <= 0n) return 0n;
  const bonus = (args.amount * args.lockPeriod.ksuBonusMultiplierWad) / WAD;
  return bonus > args.bonusPool ? args.bonusPool : bonus;
}

/**
 * Projected USDC: the fees the user could claim now, over all locks (6 decimals). The contract
 * forfeits them to the treasury if the user has no active deposit at claim time.
 *
 * @example const usdc = await readProjectedUsdc(client, deployment, user);
 */
export function readProjectedUsdc(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<bigint> {
  return readContract(client, {
    ...locking(deployment),
    functionName: "claimableFees",
    args: [user],
  });
}

/**
 * The spec's "User totals": active and pending deposits, earned rKSU, staked KSU and locks. Two
 * calls in parallel (`getUserPosition`, `getUserSummary`).
 *
 * @example const totals = await readUserTotals(client, deployment, user);
 */
export async function readUserTotals(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<UserTotals> {
  const [position, summary] = await Promise.all([
    readUserPosition(client, deployment, user),
    readUserLockingSummary(client, deployment, user),
  ]);
  return {
    activeDeposits: position.activeDeposits,
    pendingDeposits: position.pendingDeposits,
    earnedRksu: summary.earnedRksu,
    stakedKsu: summary.stakedKsu,
    locks: summary.locks,
  };
}

/**
 * Everything the locking overview shows, read at one block so the figures agree with each other
 * and with the chain's own decision: the user's locks, earned rKSU and staked KSU, fee share and
 * bonus claimable, the loyalty level the chain decides (`loyaltyLevel`) with the staked
 * percentage on the same basis (rKSU value at the contract's KSU price over the manager's
 * `userTotalDeposits`, active plus pending), the KSU price and whether it is fresh, the lock
 * periods, the KSU in the wallet and the bonus pool.
 *
 * @example const o = await readLockingOverview(client, deployment, user); o.stakedPercentage // 1.25
 */
export async function readLockingOverview(client: Client, deployment: Deployment, user: Address) {
  const block = await readLatestBlock(client);
  const blockNumber = block.number;
  const at = { blockNumber } as const;
  const lk = locking(deployment);
  const [summary, periods, [priceUsdc, priceUpdatedAt], priceFresh, deposits, ksuBalance, pool] =
    await Promise.all([
      readContract(client, { ...lk, functionName: "getUserSummary", args: [user], ...at }),
      readContract(client, { ...lk, functionName: "getLockPeriods", ...at }),
      readContract(client, { ...lk, functionName: "ksuPrice", ...at }),
      readContract(client, { ...lk, functionName: "isKsuPriceFresh", ...at }),
      readContract(client, {
        ...manager(deployment),
        functionName: "userTotalDeposits",
        args: [user],
        ...at,
      }),
      readContract(client, {
        address: deployment.ksu,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
        ...at,
      }),
      readContract(client, { ...lk, functionName: "bonusPool", ...at }),
    ]);
  const price = priceFresh ? priceUsdc : 0n;
  return {
    blockNumber,
    /** the block's timestamp (unix seconds): the clock `unlock` is decided by */
    chainTime: Number(block.timestamp),
    earnedRksu: summary.rKsu,
    stakedKsu: summary.stakedKsu,
    claimableFees: summary.claimableFees,
    bonusAmount: summary.bonusAmount,
    /** the chain's decision (0 while the price is stale); null without deposits (spec: none) */
    loyaltyLevel: deposits === 0n ? null : (Math.min(summary.loyaltyLevel, 2) as LoyaltyLevel),
    /** rKSU value over active + pending deposits x 100; null without deposits or a fresh price */
    stakedPercentage:
      price === 0n
        ? null
        : stakedPercentage({
            rksu: summary.rKsu,
            ksuPriceUsdc: price,
            totalDepositsUsdc: deposits,
          }),
    totalDeposits: deposits,
    ksuPrice: { priceUsdc, updatedAt: Number(priceUpdatedAt), fresh: priceFresh },
    ksuBalance,
    bonusPool: pool,
    locks: summary.locks.map(toUserLock),
    lockPeriods: periods.map(toLockPeriod),
  };
}

export type LockingOverview = Awaited<ReturnType<typeof readLockingOverview>>;

/**
 * What the rewards page shows, at one block: the bonus interest claimable (`getUserTotalBonusAmount`,
 * paid at most up to the bonus pool) and what an epoch earns at the current checkpoint's level and
 * base (`bonusPerEpochKsu`, rates read from the contract), and the USDC fee share claimable, with
 * whether the user shares fees now (`feeEligible`: a locker with an active deposit).
 *
 * @example const r = await readRewardsOverview(client, deployment, user); r.bonusPerEpoch
 */
export async function readRewardsOverview(client: Client, deployment: Deployment, user: Address) {
  const blockNumber = await readBlockNumber(client);
  const at = { blockNumber } as const;
  const lk = locking(deployment);
  const [
    checkpoint,
    rate1,
    rate2,
    [priceUsdc],
    bonus,
    pool,
    fees,
    eligible,
    rksu,
    level,
    deposits,
  ] = await Promise.all([
    readContract(client, { ...lk, functionName: "bonusCheckpoint", args: [user], ...at }),
    readContract(client, { ...lk, functionName: "BONUS_RATE_LEVEL_1", ...at }),
    readContract(client, { ...lk, functionName: "BONUS_RATE_LEVEL_2", ...at }),
    readContract(client, { ...lk, functionName: "ksuPrice", ...at }),
    readContract(client, { ...lk, functionName: "getUserTotalBonusAmount", args: [user], ...at }),
    readContract(client, { ...lk, functionName: "bonusPool", ...at }),
    readContract(client, { ...lk, functionName: "claimableFees", args: [user], ...at }),
    readContract(client, { ...lk, functionName: "feeEligible", args: [user], ...at }),
    readContract(client, { ...lk, functionName: "rKsuBalance", args: [user], ...at }),
    readContract(client, { ...lk, functionName: "loyaltyLevel", args: [user], ...at }),
    readContract(client, {
      ...manager(deployment),
      functionName: "userTotalDeposits",
      args: [user],
      ...at,
    }),
  ]);
  const [, checkpointLevel, base] = checkpoint;
  const bonusLevel = Math.min(checkpointLevel, 2) as LoyaltyLevel;
  return {
    blockNumber,
    /** KSU bonus interest owed now; a claim pays at most the bonus pool */
    bonusClaimable: bonus < pool ? bonus : pool,
    bonusOwed: bonus,
    bonusPerEpoch: bonusPerEpochKsu({
      baseUsdc: base,
      level: bonusLevel,
      rates: { 1: rate1, 2: rate2 },
      ksuPriceUsdc: priceUsdc,
    }),
    /** the level the bonus accrues at now: the checkpoint's, on the accepted deposits (`base`) */
    bonusLevel,
    bonusBase: base,
    /** the loyalty level shown everywhere: the chain's decision, as the locking overview's */
    loyaltyLevel: deposits === 0n ? null : (Math.min(level, 2) as LoyaltyLevel),
    feesClaimable: fees,
    feeEligible: eligible,
    earnedRksu: rksu,
  };
}

export type RewardsOverview = Awaited<ReturnType<typeof readRewardsOverview>>;
