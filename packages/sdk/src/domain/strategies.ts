import type { Tranche } from "../reads/pools";

/** Where a lending strategy (pool) stands for new deposits. */
export type StrategyStatus = "open" | "fullySubscribed" | "closed";

/** The tranche's assets have reached its capacity: it takes no new deposit this epoch. */
export function isTrancheAtCapacity(tranche: Pick<Tranche, "capacity" | "totalAssets">): boolean {
  return tranche.totalAssets >= tranche.capacity;
}

/**
 * A pool's status for the strategy lists. The contracts have no "closed" flag: a pool is
 * fully subscribed when every tranche is at capacity, and closed when, in addition, none of its
 * tranches offers a fixed-term option any more (every config Disabled, or none at all), so no
 * deposit of any kind can be made. A pool without tranches is closed.
 *
 * @example poolStrategyStatus({ tranches: [{ capacity: 10n, totalAssets: 10n, fixedTermConfig: [] }] }) // "closed"
 */
export function poolStrategyStatus(pool: {
  tranches: readonly Pick<Tranche, "capacity" | "totalAssets" | "fixedTermConfig">[];
}): StrategyStatus {
  const { tranches } = pool;
  if (tranches.length === 0) return "closed";
  if (!tranches.every(isTrancheAtCapacity)) return "open";
  const fixedTermOpen = tranches.some((t) =>
    t.fixedTermConfig.some((c) => c.fixedTermDepositStatus !== "Disabled"),
  );
  return fixedTermOpen ? "fullySubscribed" : "closed";
}

/**
 * The pools the "Open strategies" tab (/lending) lists: those still open to deposits. Fully
 * subscribed and closed pools have their own tabs.
 *
 * @example openStrategies([openPool, closedPool]) // [openPool]
 */
export function openStrategies<
  P extends { tranches: readonly Pick<Tranche, "capacity" | "totalAssets" | "fixedTermConfig">[] },
>(pools: readonly P[]): P[] {
  return pools.filter((p) => poolStrategyStatus(p) === "open");
}
