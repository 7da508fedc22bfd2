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

/**
 * Money that left a tranche through a fixed-term lock withdrawn at expiry (the chain's
 * `FixedTermLocked` and `FixedTermReleased` events of the lender, `readFixedTermPayouts`).
 */
export interface FixedTermPayout {
  lockId: bigint;
  poolId: bigint;
  trancheId: bigint;
  /** USDC value put into the lock when it started (`FixedTermLocked.assets`): its principal */
  lockedAssets: bigint;
  /** USDC paid to the lender at release (`FixedTermReleased.assets`; 0 when it turned variable) */
  paid: bigint;
}

/** What a reported loss took from one of the lender's tranche positions (USDC units, >= 0). */
export interface PositionLoss {
  poolId: bigint;
  trancheId: bigint;
  amount: bigint;
}

/**
 * One tranche of the lender's portfolio (USDC units throughout). The figures are defined once,
 * here, and tied by identities (docs/decisions.md, "Issue 23 — figures"):
 *
 *     balance = deposited - principalWithdrawn + interestEarned - interestWithdrawn - losses
 *     totalInvested = deposited - principalWithdrawn - principalLost
 *     withdrawn = principalWithdrawn + interestWithdrawn
 */
export interface PortfolioPosition {
  poolId: bigint;
  poolName: string;
  trancheId: bigint;
  trancheName: string;
  /** the pool has more than one tranche (the withdraw review names the tranche only then) */
  multiTranche: boolean;
  /** USDC accepted into the tranche by cleared deposits (reallocations count where they went) */
  deposited: bigint;
  /** USDC paid out of the tranche: cleared withdrawals (forced ones too) and fixed-term payouts */
  withdrawn: bigint;
  /** the principal part of `withdrawn` (see {@link buildPortfolioSummary}) */
  principalWithdrawn: bigint;
  /** the interest part of `withdrawn` */
  interestWithdrawn: bigint;
  /** the part of `losses` taken from principal: reported losses, up to the principal left */
  principalLost: bigint;
  /** "Total invested": principal still in the tranche, `deposited - principalWithdrawn - principalLost` */
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
  /** all the interest the tranche paid the lender, including what was withdrawn; never negative */
  interestEarned: bigint;
  /** value lost: reported losses, and any shortfall of value the interest does not cover */
  losses: bigint;
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
  interestWithdrawn: bigint;
  withdrawn: bigint;
  losses: bigint;
  pendingDeposits: bigint;
  pendingWithdrawals: bigint;
  /** `getUserTotalPendingAndActiveDepositedAmount`: active deposits (USDC) */
  activeDeposits: bigint;
  /** true when the lender has no position and no request at all */
  empty: boolean;
}

const key = (poolId: bigint, trancheId: bigint) => `${poolId}:${trancheId}`;
const settledOrCleared = (r: RequestRecord) => r.status === "Cleared" || r.status === "Settled";
const add = (m: Map<string, bigint>, k: string, v: bigint) => m.set(k, (m.get(k) ?? 0n) + v);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * USDC deposited per tranche (`"pool:tranche"` keys): the USDC accepted into the tranche by
 * cleared deposits; an amount reallocated to a more senior tranche counts in the next more senior
 * tranche the lender holds, else the one just above.
 *
 * @example depositedByTranche(requests, positions).get("0:2") // 1_000_000_000n
 */
export function depositedByTranche(
  requests: readonly RequestRecord[],
  positions: readonly Pick<UserTranchePosition, "poolId" | "trancheId" | "balance">[],
): Map<string, bigint> {
  const deposited = new Map<string, bigint>();
  for (const r of requests) {
    if (!settledOrCleared(r) || r.kind !== "Deposit") continue;
    add(deposited, key(r.poolId, r.trancheId), r.accepted);
    if (r.reallocated > 0n) {
      const senior = positions
        .filter((p) => p.poolId === r.poolId && p.trancheId > r.trancheId && p.balance > 0n)
        .sort((a, b) => (a.trancheId < b.trancheId ? -1 : 1))[0];
      add(deposited, key(r.poolId, senior?.trancheId ?? r.trancheId + 1n), r.reallocated);
    }
  }
  return deposited;
}

/**
 * The figures of one tranche from what went in, what came out and what is held (USDC units):
 *
 * - `withdrawn` = cleared withdrawals' `assets` + fixed-term payouts' `paid`.
 * - `principalWithdrawn` = the principal parts, at most `deposited`: a variable withdrawal is
 *   principal first (all of it, while principal is left), a fixed-term payout is principal up to
 *   the value put into its lock, the rest of it interest.
 * - `interestEarned` = balance + withdrawn + reported losses - deposited, at least 0.
 * - `losses` = what makes the identity hold: the reported losses while the interest covers the
 *   rest, else the whole shortfall (deposited - balance - withdrawn).
 * - `principalLost` = the reported losses, at most the principal left after withdrawals: a loss
 *   takes principal first (a rounding shortfall of a unit, never reported, does not).
 *
 * @example positionFigures({ deposited: 2_750n, balance: 786n, withdrawnVariable: 0n, fixedTerm: [{ lockedAssets: 2_000n, paid: 2_107n }], reportedLosses: 0n })
 * // { totalInvested: 750n, interestEarned: 143n, interestWithdrawn: 107n, ... }
 */
export function positionFigures(args: {
  deposited: bigint;
  balance: bigint;
  withdrawnVariable: bigint;
  fixedTerm: readonly Pick<FixedTermPayout, "lockedAssets" | "paid">[];
  reportedLosses: bigint;
}) {
  const fixedPaid = args.fixedTerm.reduce((a, f) => a + f.paid, 0n);
  const fixedPrincipal = args.fixedTerm.reduce((a, f) => a + min(f.lockedAssets, f.paid), 0n);
  const withdrawn = args.withdrawnVariable + fixedPaid;
  const principalWithdrawn = min(args.deposited, args.withdrawnVariable + fixedPrincipal);
  const interestWithdrawn = withdrawn - principalWithdrawn;
  const gain = args.balance + withdrawn - args.deposited;
  const interestEarned = gain + args.reportedLosses > 0n ? gain + args.reportedLosses : 0n;
  const losses = interestEarned - gain;
  const principalLost = min(min(args.reportedLosses, losses), args.deposited - principalWithdrawn);
  return {
    deposited: args.deposited,
    withdrawn,
    principalWithdrawn,
    interestWithdrawn,
    principalLost,
    totalInvested: args.deposited - principalWithdrawn - principalLost,
    interestEarned,
    losses,
  };
}

/**
 * The lender's portfolio from on-chain reads (`readUserPosition`, `readPools`, and the fixed-term
 * payouts `readFixedTermPayouts`) and the losses the indexer measured (optional): per pool and
 * tranche the figures of {@link PortfolioPosition}, then the totals over all pools. A tranche shows
 * when the lender holds shares in it, has a pending deposit there, or ever had money in it (a
 * fully withdrawn tranche stays, with the interest it paid).
 *
 * @example
 * const [position, pools, payouts] = await Promise.all([readUserPosition(c, d, user), readPools(c, d), readFixedTermPayouts(c, d, user)]);
 * const summary = buildPortfolioSummary(position, pools, { fixedTermPayouts: payouts });
 */
export function buildPortfolioSummary(
  position: {
    positions: readonly UserTranchePosition[];
    requests: readonly RequestRecord[];
    activeDeposits: bigint;
    pendingDeposits: bigint;
  },
  pools: readonly PortfolioPoolInput[],
  history: {
    fixedTermPayouts?: readonly FixedTermPayout[];
    losses?: readonly PositionLoss[];
  } = {},
): PortfolioSummary {
  const deposited = depositedByTranche(position.requests, position.positions);
  const withdrawnVariable = new Map<string, bigint>();
  const pendingDeposits = new Map<string, bigint>();
  const fixedConfigs = new Map<string, Set<bigint>>();
  const touched = new Set<string>();
  for (const r of position.requests) {
    const k = key(r.poolId, r.trancheId);
    if (r.status !== "Cancelled") touched.add(k);
    if (r.kind === "Deposit" && r.status === "Pending") add(pendingDeposits, k, r.amount);
    if (r.kind === "Withdrawal" && settledOrCleared(r)) add(withdrawnVariable, k, r.assets);
    if (r.kind === "Deposit" && r.fixedTermConfigId !== 0n && settledOrCleared(r)) {
      const set = fixedConfigs.get(k) ?? new Set<bigint>();
      set.add(r.fixedTermConfigId);
      fixedConfigs.set(k, set);
    }
  }
  const payouts = new Map<string, FixedTermPayout[]>();
  for (const f of history.fixedTermPayouts ?? []) {
    const k = key(f.poolId, f.trancheId);
    touched.add(k);
    payouts.set(k, [...(payouts.get(k) ?? []), f]);
  }
  const reportedLosses = new Map<string, bigint>();
  for (const l of history.losses ?? []) add(reportedLosses, key(l.poolId, l.trancheId), l.amount);
  for (const k of deposited.keys()) touched.add(k);

  const out: PortfolioPool[] = [];
  for (const pool of pools) {
    const positions: PortfolioPosition[] = [];
    for (const tranche of pool.tranches) {
      const k = key(pool.id, tranche.id);
      const held = position.positions.find(
        (p) => p.poolId === pool.id && p.trancheId === tranche.id,
      );
      const pending = pendingDeposits.get(k) ?? 0n;
      if (!held && pending === 0n && !touched.has(k)) continue;
      const balance = held?.balance ?? 0n;
      const available = held?.availableToWithdraw ?? 0n;
      const locked = held?.lockedInFixedTerm ?? 0n;
      const queued = balance - available - locked;
      const figures = positionFigures({
        deposited: deposited.get(k) ?? 0n,
        balance,
        withdrawnVariable: withdrawnVariable.get(k) ?? 0n,
        fixedTerm: payouts.get(k) ?? [],
        reportedLosses: reportedLosses.get(k) ?? 0n,
      });
      const configs = fixedConfigs.get(k) ?? new Set<bigint>();
      positions.push({
        poolId: pool.id,
        poolName: pool.poolName,
        trancheId: tranche.id,
        trancheName: tranche.name,
        multiTranche: pool.tranches.length > 1,
        ...figures,
        balance,
        availableToWithdraw: available,
        pendingDeposits: pending,
        pendingWithdrawals: queued > 0n ? queued : 0n,
        lockedInFixedTerm: locked,
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
    interestWithdrawn: sum(all, "interestWithdrawn"),
    withdrawn: sum(all, "withdrawn"),
    losses: sum(all, "losses"),
    pendingDeposits: position.pendingDeposits,
    pendingWithdrawals: sum(all, "pendingWithdrawals"),
    activeDeposits: position.activeDeposits,
    empty: all.length === 0 && position.requests.length === 0,
  };
}

/**
 * The interest the lender's positions in `poolId` earned between two readings of the portfolio
 * ({@link buildPortfolioSummary} at two blocks, e.g. just before and at an epoch's clearing):
 * what `interestEarned - losses` moved by, summed over the pool's tranches, variable shares and
 * fixed-term locks alike (both are in `balance`; a lock paid out at expiry is in `withdrawn`), at
 * least 0. `interestEarned - losses` is the position's gain (balance + withdrawn - deposited),
 * unclamped: with no loss reported between the readings it moved exactly as `interestEarned`,
 * whether or not the readings were given the losses reported before (an epoch's clearing reports
 * none: a loss is its own transaction). Deposits accepted and withdrawals paid between them move
 * `deposited`/`withdrawn` and `balance` alike, so they do not count as interest.
 *
 * @example interestBetween(await readPortfolioAt(c, d, user, justBefore), await readPortfolioAt(c, d, user, cleared), poolId)
 * // for many lenders at once, reading only the pool: readPoolInterestBetween (reads/statements)
 */
export function interestBetween(
  before: Pick<PortfolioSummary, "pools">,
  after: Pick<PortfolioSummary, "pools">,
  poolId: bigint,
): bigint {
  const gain = (s: Pick<PortfolioSummary, "pools">) =>
    s.pools
      .filter((p) => p.poolId === poolId)
      .flatMap((p) => p.positions)
      .reduce((a, p) => a + p.interestEarned - p.losses, 0n);
  const moved = gain(after) - gain(before);
  return moved > 0n ? moved : 0n;
}

/**
 * Losses per tranche position from the indexer's loss rows (`GET /lender-losses`: each loss's
 * change per tranche, 0 or below).
 *
 * @example positionLosses(items) // [{ poolId: 0n, trancheId: 0n, amount: 300_000_000n }]
 */
export function positionLosses(
  items: readonly {
    poolId: string;
    tranches: readonly { trancheId: number; change: string }[];
  }[],
): PositionLoss[] {
  return items.flatMap((l) =>
    l.tranches
      .filter((t) => BigInt(t.change) < 0n)
      .map((t) => ({
        poolId: BigInt(l.poolId),
        trancheId: BigInt(t.trancheId),
        amount: -BigInt(t.change),
      })),
  );
}

type AmountKey = {
  [K in keyof PortfolioPosition]: PortfolioPosition[K] extends bigint ? K : never;
}[keyof PortfolioPosition];

function sum(rows: readonly PortfolioPosition[], field: AmountKey): bigint {
  return rows.reduce((acc, r) => acc + r[field], 0n);
}
