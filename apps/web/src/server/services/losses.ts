/**
 * Incidents and losses as the indexer serves them (public on-chain data): the pool notices of the
 * lending page, a lender's losses for the portfolio, and the mail each lender of a pool gets
 * after a loss report (one per lender with a confirmed email; the dev outbox shows it locally).
 */
import type { HistoryLoss, PoolLoss, PoolNotice } from "@lending/sdk";
import { z } from "zod";
import { TransactionsQuery, fromIndexer } from "./transactions";

const NOTICES_UNAVAILABLE = "Pool notices are unavailable: try again later";

/** Every pool with an open incident or a reported loss. */
export async function poolNotices(): Promise<{ items: PoolNotice[] }> {
  return (await (await fromIndexer("/pool-notices", NOTICES_UNAVAILABLE)).json()) as {
    items: PoolNotice[];
  };
}

/** A page of `user`'s losses, newest first (one per loss, with each tranche position's change). */
export async function lenderLossesPage(
  q: z.output<typeof TransactionsQuery>,
): Promise<{ items: HistoryLoss[]; page: number; pageSize: number; total: number }> {
  const params = new URLSearchParams({
    user: q.user,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });
  return (await (await fromIndexer(`/lender-losses?${params}`, NOTICES_UNAVAILABLE)).json()) as {
    items: HistoryLoss[];
    page: number;
    pageSize: number;
    total: number;
  };
}

/** The loss reported in transaction `hash` on `poolId`, once the indexer has it. */
export async function poolLossByTx(poolId: bigint, hash: string): Promise<PoolLoss | undefined> {
  const body = (await (
    await fromIndexer(`/losses?pool=${poolId}&pageSize=100`, NOTICES_UNAVAILABLE)
  ).json()) as { items: PoolLoss[] };
  return body.items.find((l) => l.transactionHash === hash.toLowerCase());
}
