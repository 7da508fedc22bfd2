import type { LoanTicket } from "../entities/history";
import { BORROWER_DECISION_WINDOW_MS, dailyGroupId } from "./time";

/** When a ticket's 2-day decision window closes (ms). */
export const decisionDeadlineMs = (ticket: Pick<LoanTicket, "createdOn">): number =>
  Date.parse(ticket.createdOn) + BORROWER_DECISION_WINDOW_MS;

/** A ticket still waiting for the lender's answer at `nowMs`: undecided and inside its window. */
export const isAwaitingDecision = (ticket: LoanTicket, nowMs: number): boolean =>
  ticket.status === "pending" && decisionDeadlineMs(ticket) > nowMs;

/** Spec "Pending decision": a pool with its tranches, each with its tickets grouped by day. */
export type PendingDecision = {
  id: string;
  poolName: string;
  tranches: {
    id: string;
    name: string;
    days: { dailyGroupID: number; tickets: LoanTicket[] }[];
  }[];
};

/**
 * The tickets awaiting a decision at `nowMs`, grouped by pool, tranche and day of creation
 * (dailyGroupID), each level in the order of its first ticket (oldest first). Names come from
 * `names` (the chain's pools); an unknown pool or tranche is shown by its id.
 */
export function groupPendingDecisions(
  tickets: readonly LoanTicket[],
  names: {
    pool: (poolID: string) => string | undefined;
    tranche: (poolID: string, trancheID: string) => string | undefined;
  },
  nowMs: number,
): PendingDecision[] {
  const pending = tickets
    .filter((t) => isAwaitingDecision(t, nowMs))
    .sort((a, b) => Date.parse(a.createdOn) - Date.parse(b.createdOn) || a.id - b.id);
  const pools: PendingDecision[] = [];
  for (const t of pending) {
    let pool = pools.find((p) => p.id === t.poolID);
    if (!pool) {
      pool = { id: t.poolID, poolName: names.pool(t.poolID) ?? `Pool ${t.poolID}`, tranches: [] };
      pools.push(pool);
    }
    let tranche = pool.tranches.find((x) => x.id === t.trancheID);
    if (!tranche) {
      tranche = {
        id: t.trancheID,
        name: names.tranche(t.poolID, t.trancheID) ?? `Tranche ${t.trancheID}`,
        days: [],
      };
      pool.tranches.push(tranche);
    }
    const day = dailyGroupId(Date.parse(t.createdOn));
    let group = tranche.days.find((d) => d.dailyGroupID === day);
    if (!group) {
      group = { dailyGroupID: day, tickets: [] };
      tranche.days.push(group);
    }
    group.tickets.push(t);
  }
  return pools;
}
