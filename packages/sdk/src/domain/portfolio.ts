import type { RequestRecord, UserTranchePosition } from "../entities";

/** A pool as the portfolio needs it (the `Pool` of `readPools` fits). */
export interface PortfolioPoolInput {
  id: bigint;
  poolName: string;
  tranches: readonly {
    id: bigint;
    name: string;
    apy: number;
    fixedTermConfig: readonly { configId: bigint; apy: number }[];
  }[];
}

/** One tranche of the lender's portfolio (USDC units throughout). */
export interface PortfolioPosition {
  poolId: bigint;
  poolName: string;
  trancheId: bigint;
  trancheName: string;
  /** the pool has more than one tranche (the withdraw review names the tranche only then) */
  multiTranche: boolean;
  /** principal held: accepted deposits less what withdrawals paid out, never below 0 */
  totalInvested: bigint;
  /** value of every share held (free, queued for withdrawal, fixed-term locked), with interest */
  balance: bigint;
  /** value of the free shares: what a withdrawal request can take now */
  availableToWithdraw: bigint;
  /** USDC of deposit requests not cleared yet */
  pendingDeposits: bigint;
  /** USDC value of the shares queued in withdrawal requests */
  pendingWithdrawals: bigint;
  /** value of the fixed-term locks */
  lockedInFixedTerm: bigint;
  /** balance less principal held, 0 when the balance is below it */
  interestEarned: bigint;
  /** the tranche's variable APY (fraction) */
  variableApy: number;
  /** APYs (fractions) of the fixed-term configs the lender holds accepted deposits in */
  fixedApys: number[];
}

export interface PortfolioPool {
  poolId: bigint;
  poolName: string;
  positions: PortfolioPosition[];
  totalInvested: bigint;
  balance: bigint;
  interestEarned: bigint;
}

export interface PortfolioSummary {
  pools: PortfolioPool[];
  totalInvested: bigint;
  balance: bigint;
  availableToWithdraw: bigint;
  interestEarned: bigint;
  pendingDeposits: bigint;
  pendingWithdrawals: bigint;
  /** `getUserTotalPendingAndActiveDepositedAmount`: active deposits (USDC) */
  activeDeposits: bigint;
  /** true when the lender has no position and no request at all */
  empty: boolean;
}

const key = (poolId: bigint, trancheId: bigint) => `${poolId}:${trancheId}`;
const settledOrCleared = (r: RequestRecord) => r.status === "Cleared" || r.status === "Settled";

/**
 * Principal held per tranche (`"pool:tranche"` keys), in USDC units: the USDC accepted into the
 * tranche by cleared deposits (an amount reallocated to a more senior tranche counts in the next
 * more senior tranche the lender holds, else the one just above), less the USDC paid out by
 * cleared withdrawals of the tranche; never below 0.
 *
 * @example principalByTranche(requests, positions).get("0:2") // 1_000_000_000n
 */
export function principalByTranche(
  requests: readonly RequestRecord[],
  positions: readonly Pick<UserTranchePosition, "poolId" | "trancheId" | "balance">[],
): Map<string, bigint> {
  const principal = new Map<string, bigint>();
  const add = (k: string, v: bigint) => principal.set(k, (principal.get(k) ?? 0n) + v);
  const ordered = [...requests].sort((a, b) => (a.nftId < b.nftId ? -1 : 1));
  for (const r of ordered) {
    if (!settledOrCleared(r)) continue;
    const k = key(r.poolId, r.trancheId);
    if (r.kind === "Deposit") {
      add(k, r.accepted);
      if (r.reallocated > 0n) {
        const senior = positions
          .filter((p) => p.poolId === r.poolId && p.trancheId > r.trancheId && p.balance > 0n)
          .sort((a, b) => (a.trancheId < b.trancheId ? -1 : 1))[0];
        add(key(r.poolId, senior?.trancheId ?? r.trancheId + 1n), r.reallocated);
      }
    } else {
      const left = (principal.get(k) ?? 0n) - r.assets;
      principal.set(k, left > 0n ? left : 0n);
    }
  }
  return principal;
}

/**
 * The lender's portfolio from on-chain reads (`readUserPosition` and `readPools`): per pool and
 * tranche the principal, balance, available to withdraw, pending deposits and withdrawals, APY
 * and interest earned, and the totals over all pools. A tranche shows when the lender holds
 * shares in it or has a pending deposit there.
 *
 * @example
 * const [position, pools] = await Promise.all([readUserPosition(c, d, user), readPools(c, d)]);
 * const summary = buildPortfolioSummary(position, pools);
 */
export function buildPortfolioSummary(
  position: {
    positions: readonly UserTranchePosition[];
    requests: readonly RequestRecord[];
    activeDeposits: bigint;
    pendingDeposits: bigint;
  },
  pools: readonly PortfolioPoolInput[],
): PortfolioSummary {
  const principal = principalByTranche(position.requests, position.positions);
  const pendingDeposits = new Map<string, bigint>();
  const fixedConfigs = new Map<string, Set<bigint>>();
  for (const r of position.requests) {
    const k = key(r.poolId, r.trancheId);
    if (r.kind === "Deposit" && r.status === "Pending") {
      pendingDeposits.set(k, (pendingDeposits.get(k) ?? 0n) + r.amount);
    }
    if (r.kind === "Deposit" && r.fixedTermConfigId !== 0n && settledOrCleared(r)) {
      const set = fixedConfigs.get(k) ?? new Set<bigint>();
      set.add(r.fixedTermConfigId);
      fixedConfigs.set(k, set);
    }
  }
  const out: PortfolioPool[] = [];
  for (const pool of pools) {
    const positions: PortfolioPosition[] = [];
    for (const tranche of pool.tranches) {
      const k = key(pool.id, tranche.id);
      const held = position.positions.find(
        (p) => p.poolId === pool.id && p.trancheId === tranche.id,
      );
      const pending = pendingDeposits.get(k) ?? 0n;
      if (!held && pending === 0n) continue;
      const balance = held?.balance ?? 0n;
      const available = held?.availableToWithdraw ?? 0n;
      const locked = held?.lockedInFixedTerm ?? 0n;
      const queued = balance - available - locked;
      const invested = principal.get(k) ?? 0n;
      const interest = balance - invested;
      const configs = fixedConfigs.get(k) ?? new Set<bigint>();
      positions.push({
        poolId: pool.id,
        poolName: pool.poolName,
        trancheId: tranche.id,
        trancheName: tranche.name,
        multiTranche: pool.tranches.length > 1,
        totalInvested: invested,
        balance,
        availableToWithdraw: available,
        pendingDeposits: pending,
        pendingWithdrawals: queued > 0n ? queued : 0n,
        lockedInFixedTerm: locked,
        interestEarned: interest > 0n ? interest : 0n,
        variableApy: tranche.apy,
        fixedApys: tranche.fixedTermConfig.filter((c) => configs.has(c.configId)).map((c) => c.apy),
      });
    }
    if (positions.length === 0) continue;
    out.push({
      poolId: pool.id,
      poolName: pool.poolName,
      positions,
      totalInvested: sum(positions, "totalInvested"),
      balance: sum(positions, "balance"),
      interestEarned: sum(positions, "interestEarned"),
    });
  }
  const all = out.flatMap((p) => p.positions);
  return {
    pools: out,
    totalInvested: sum(all, "totalInvested"),
    balance: sum(all, "balance"),
    availableToWithdraw: sum(all, "availableToWithdraw"),
    interestEarned: sum(all, "interestEarned"),
    pendingDeposits: position.pendingDeposits,
    pendingWithdrawals: sum(all, "pendingWithdrawals"),
    activeDeposits: position.activeDeposits,
    empty: all.length === 0 && position.requests.length === 0,
  };
}

type AmountKey = {
  [K in keyof PortfolioPosition]: PortfolioPosition[K] extends bigint ? K : never;
}[keyof PortfolioPosition];

function sum(rows: readonly PortfolioPosition[], field: AmountKey): bigint {
  return rows.reduce((acc, r) => acc + r[field], 0n);
}
