/**
 * Incidents and losses as the indexer serves them (public on-chain data): the pool notices of the
 * lending page, a lender's losses for the portfolio, and the mail each lender of a pool gets
 * after a loss report (one per lender with a confirmed email; the dev outbox shows it locally).
 * Each loss carries the pool manager's reason recorded with the report (from the database).
 */
import type { HistoryLoss, PoolLoss, PoolNotice } from "@lending/sdk";
import { z } from "zod";
import type { Executor } from "../db/types";
import { lossReasons } from "./manage/loss-report";
import { TransactionsQuery, fromIndexer } from "./transactions";

const NOTICES_UNAVAILABLE = "Pool notices are unavailable: try again later";

/**
 * Adds the pool manager's reason recorded with each loss report (the audit trail's `loss:report`
 * row of its transaction; pool-level and public, as the loss is): null when none was given.
 */
export async function withLossReasons<T extends { transactionHash: string }>(
  db: Executor | undefined,
  chainId: number,
  losses: T[],
): Promise<(T & { reason: string | null })[]> {
  // the losses are on-chain facts: a database that does not answer leaves them without reasons
  const reasons =
    db && losses.length
      ? await lossReasons(
          db,
          chainId,
          losses.map((l) => l.transactionHash),
        ).catch((error: unknown) => {
          console.error("[losses] the loss reasons are unavailable:", error);
          return new Map<string, string>();
        })
      : new Map<string, string>();
  return losses.map((l) => ({
    ...l,
    reason: reasons.get(l.transactionHash.toLowerCase()) ?? null,
  }));
}

/** Every pool with an open incident or a reported loss (with the newest loss's reason). */
export async function poolNotices(
  db: Executor | undefined,
  chainId: number,
): Promise<{ items: PoolNotice[] }> {
  const { items } = (await (await fromIndexer("/pool-notices", NOTICES_UNAVAILABLE)).json()) as {
    items: PoolNotice[];
  };
  const losses = await withLossReasons(
    db,
    chainId,
    items.flatMap((n) => (n.latestLoss ? [n.latestLoss] : [])),
  );
  const byHash = new Map(losses.map((l) => [l.transactionHash, l]));
  return {
    items: items.map((n) =>
      n.latestLoss ? { ...n, latestLoss: byHash.get(n.latestLoss.transactionHash)! } : n,
    ),
  };
}

/** A page of `user`'s losses, newest first (one per loss, with each tranche position's change). */
export async function lenderLossesPage(
  db: Executor | undefined,
  chainId: number,
  q: z.output<typeof TransactionsQuery>,
): Promise<{ items: HistoryLoss[]; page: number; pageSize: number; total: number }> {
  const params = new URLSearchParams({
    user: q.user,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });
  const page = (await (
    await fromIndexer(`/lender-losses?${params}`, NOTICES_UNAVAILABLE)
  ).json()) as {
    items: HistoryLoss[];
    page: number;
    pageSize: number;
    total: number;
  };
  return { ...page, items: await withLossReasons(db, chainId, page.items) };
}

/** The loss reported in transaction `hash` on `poolId`, once the indexer has it. */
export async function poolLossByTx(poolId: bigint, hash: string): Promise<PoolLoss | undefined> {
  const body = (await (
    await fromIndexer(`/losses?pool=${poolId}&pageSize=100`, NOTICES_UNAVAILABLE)
  ).json()) as { items: PoolLoss[] };
  return body.items.find((l) => l.transactionHash === hash.toLowerCase());
}
