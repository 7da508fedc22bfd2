import type { Tranche } from "../reads/pools";

/** Where a lending strategy (pool) stands for new deposits. */
export type StrategyStatus = "open" | "fullySubscribed" | "closed";

/** The tranche's assets have reached its capacity: it takes no new deposit this epoch. */
export function isTrancheAtCapacity(tranche: Pick<Tranche, "capacity" | "totalAssets">): boolean {
  return tranche.totalAssets >= tranche.capacity;
}

/** A tranche as the strategy lists need it (`closed` absent reads as open). */
type StrategyTranche = Pick<Tranche, "capacity" | "totalAssets" | "fixedTermConfig"> & {
  closed?: boolean;
};

/**
 * Whether a tranche takes new deposits: not closed after a loss (`TrancheClosedAfterLoss`,
 * until recapitalised or reopened) and not at capacity.
 *
 * @example trancheTakesDeposits({ capacity: 10n, totalAssets: 1n, closed: true }) // false
 */
export function trancheTakesDeposits(
  tranche: Pick<Tranche, "capacity" | "totalAssets"> & { closed?: boolean },
): boolean {
  return !tranche.closed && !isTrancheAtCapacity(tranche);
}

/**
 * A pool's status for the strategy lists. A pool is open while one of its tranches takes
 * deposits; fully subscribed when none does (every tranche at capacity or closed after a loss)
 * but an open tranche still offers a fixed-term option; closed when no deposit of any kind can
 * be made (no tranche takes deposits and no open tranche offers a fixed term: every config
 * Disabled, or none at all; a tranche closed after a loss refuses fixed-term locks too). A pool
 * without tranches is closed.
 *
 * @example poolStrategyStatus({ tranches: [{ capacity: 10n, totalAssets: 10n, fixedTermConfig: [] }] }) // "closed"
 */
export function poolStrategyStatus(pool: { tranches: readonly StrategyTranche[] }): StrategyStatus {
  const { tranches } = pool;
  if (tranches.length === 0) return "closed";
  if (tranches.some(trancheTakesDeposits)) return "open";
  const fixedTermOpen = tranches.some(
    (t) => !t.closed && t.fixedTermConfig.some((c) => c.fixedTermDepositStatus !== "Disabled"),
  );
  return fixedTermOpen ? "fullySubscribed" : "closed";
}

/**
 * The pools the "Open strategies" tab (/lending) lists: those still open to deposits. Fully
 * subscribed and closed pools have their own tabs.
 *
 * @example openStrategies([openPool, closedPool]) // [openPool]
 */
export function openStrategies<P extends { tranches: readonly StrategyTranche[] }>(
  pools: readonly P[],
): P[] {
  return pools.filter((p) => poolStrategyStatus(p) === "open");
}
