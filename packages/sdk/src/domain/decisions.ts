import type { HistoryTransaction, LoanTicket } from "../entities/history";
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

/**
 * What the server knows of one loan ticket for one lender, for the lender's history (times in
 * ms): when the lender was told (`noticeMs`: the "emailSent" action), the decision if any, and the
 * fund return after an opt-out (`shares` of the `holderShares` the lender held were withdrawn on
 * the lender's behalf; `processedAtMs` once that withdrawal was paid).
 */
export type TicketHistoryFacts = {
  /** the identified borrower's name: every action of the ticket names it */
  borrower?: string;
  poolId: string;
  trancheId: number;
  createdOnMs: number;
  /** the chain's block when the ticket was recorded (null for tickets recorded without one) */
  createdAtBlock: bigint | null;
  noticeMs: number;
  decision: { status: "optedIn" | "optedOut"; atMs: number } | null;
  fundsReturn: {
    shares: bigint;
    holderShares: bigint;
    requestedAtMs: number;
    processedAtMs: number | null;
  } | null;
};

/** Spec "subsequentTransactions" status: the action is waiting (decision, payout) or done. */
export type SubsequentActionStatus = "Pending" | "Completed";

/**
 * USDC of a deposit request that was in tranche `trancheId` of its pool when a ticket was
 * recorded: what clearing accepted into its own tranche, or reallocated into `trancheId`, in a
 * block up to `ticket.block` (the chain's own order: a local chain moved ahead by the demo
 * controls has a clock of its own), or before `ticket.ms` for a ticket without a block.
 */
export function depositBackingAmount(
  tx: Pick<HistoryTransaction, "type" | "trancheId" | "events">,
  trancheId: number,
  ticket: { ms: number; block: bigint | null },
): bigint {
  if (tx.type !== "Deposit") return 0n;
  let total = 0n;
  for (const e of tx.events) {
    const before =
      ticket.block === null
        ? e.timestamp * 1000 < ticket.ms
        : BigInt(e.blockNumber) <= ticket.block;
    if (!before) continue;
    const own = e.type === "Accepted" && tx.trancheId === trancheId;
    const moved = e.type === "Reallocated" && e.toTrancheId === trancheId;
    if (own || moved) total += BigInt(e.amount);
  }
  return total;
}

/**
 * A deposit request as its owner sees it once borrower decisions are known (spec "Subsequent
 * actions" and request status Queued): for every ticket its accepted USDC backed (in the ticket's
 * pool and tranche when the ticket was recorded), the actions emailSent (when the lender was
 * told), optedIn or optedOut (an undecided ticket counts as opted in when its 2-day window
 * closes) and fundsReturned (its share of the returned funds, pro rata to the shares withdrawn);
 * a processed request backing a ticket that still awaits the lender's answer is Queued.
 * Amounts are USDC (6 decimals) strings, times unix seconds, as in {@link HistoryTransaction}.
 */
export function withBorrowerDecisions(
  tx: HistoryTransaction,
  tickets: readonly TicketHistoryFacts[],
  nowMs: number,
): HistoryTransaction {
  if (tx.type !== "Deposit" || tickets.length === 0) return tx;
  const s = (ms: number) => Math.floor(ms / 1000);
  const actions: HistoryTransaction["subsequentTransactions"] = [];
  let awaiting = false;
  for (const t of tickets) {
    if (t.poolId !== tx.poolId) continue;
    const backed = depositBackingAmount(tx, t.trancheId, {
      ms: t.createdOnMs,
      block: t.createdAtBlock,
    });
    if (backed === 0n) continue;
    const deadline = t.createdOnMs + BORROWER_DECISION_WINDOW_MS;
    const decision =
      t.decision ?? (nowMs >= deadline ? { status: "optedIn" as const, atMs: deadline } : null);
    if (!decision) awaiting = true;
    const amount = backed.toString();
    const done: SubsequentActionStatus = "Completed";
    const named = t.borrower === undefined ? {} : { borrower: t.borrower };
    actions.push({
      timestamp: s(t.noticeMs),
      action: "emailSent",
      amount,
      status: decision ? done : ("Pending" satisfies SubsequentActionStatus),
      ...named,
    });
    if (decision) {
      actions.push({
        timestamp: s(decision.atMs),
        action: decision.status,
        amount,
        status: done,
        ...named,
      });
    }
    const r = t.fundsReturn;
    if (decision?.status === "optedOut" && r && r.holderShares > 0n) {
      const processed = r.processedAtMs !== null;
      actions.push({
        timestamp: s(r.processedAtMs ?? r.requestedAtMs),
        action: "fundsReturned",
        amount: ((backed * r.shares) / r.holderShares).toString(),
        status: processed ? done : ("Pending" satisfies SubsequentActionStatus),
        ...named,
      });
    }
  }
  if (actions.length === 0) return tx;
  return {
    ...tx,
    requestStatus: awaiting && tx.requestStatus === "Processed" ? "Queued" : tx.requestStatus,
    subsequentTransactions: [...tx.subsequentTransactions, ...actions].sort(
      (a, b) => a.timestamp - b.timestamp,
    ),
  };
}

/** The chain's virtual shares and assets (LendingPoolBase `_assetsToShares`). */
const VIRTUAL_SHARES = 1_000_000n;
const VIRTUAL_ASSETS = 1n;

/**
 * A lender's exposure to an identified borrower's loan (USDC, 6 decimals, rounded down): the
 * lender's pro-rata part of the loan by the lender's share of the tranche when the borrower was
 * identified (`holderShares` of `trancheShares`; a loan larger than the tranche counts as the
 * whole tranche). This is the "Amount" of a pending decision and what an opt-out returns.
 *
 * @example lenderExposure({ loanAssets: 100_000_000n, holderShares: 1n, trancheShares: 4n, trancheAssets: 1_000_000_000n }) // 25_000_000n
 */
export function lenderExposure(args: {
  loanAssets: bigint;
  holderShares: bigint;
  trancheShares: bigint;
  trancheAssets: bigint;
}): bigint {
  const { loanAssets, holderShares, trancheShares, trancheAssets } = args;
  if (trancheShares <= 0n || holderShares <= 0n || loanAssets <= 0n) return 0n;
  const lent = loanAssets < trancheAssets ? loanAssets : trancheAssets;
  const held = holderShares < trancheShares ? holderShares : trancheShares;
  return (lent * held) / trancheShares;
}

/**
 * The shares a fund return withdraws for an `exposure` (USDC): the chain's conversion of assets
 * to shares at the tranche's totals now (rounded down, with its virtual shares and assets, as
 * `convertToShares`), never more than the lender's `freeShares`.
 *
 * @example exposureShares({ exposure: 25_000_000n, trancheShares: 4_000_000_000_000_000n, trancheAssets: 1_000_000_000n, freeShares: 10n ** 18n })
 */
export function exposureShares(args: {
  exposure: bigint;
  trancheShares: bigint;
  trancheAssets: bigint;
  freeShares: bigint;
}): bigint {
  if (args.exposure <= 0n || args.freeShares <= 0n) return 0n;
  const shares =
    (args.exposure * (args.trancheShares + VIRTUAL_SHARES)) / (args.trancheAssets + VIRTUAL_ASSETS);
  return shares < args.freeShares ? shares : args.freeShares;
}
