/**
 * The pool page and its reports (issue 28 items 1 and 2): a pool read from the chain, its epoch
 * history and request events from the indexer, its published loan book from the chain, its
 * incidents and losses from the indexer. All public on-chain data: no sign-in, lenders by address
 * only. Reads are bounded: the indexer answers at most 520 epochs and 1,000 events a page, a
 * report holds at most {@link REPORT_MAX_ROWS} events, the loan book the last 52 epochs.
 */
import {
  PoolNotFoundError,
  readHistoricalRepayments,
  readPool,
  type HistoricalRepayment,
  type Pool,
  type PoolEpochsResponse,
  type PoolIncident,
  type PoolLoss,
  type PoolTransaction,
  type PoolTransactionsPage,
} from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { chainClient } from "../context";
import { HttpError, UpstreamError, notFound } from "../http/errors";
import { fromIndexer } from "./transactions";

/** A pool id as it appears in a URL: a whole number without leading zeros, at most 10 digits. */
export const POOL_ID = /^(0|[1-9][0-9]{0,9})$/;

export const POOL_ID_MESSAGE = "poolId must be a pool id (a whole number such as 0)";

/** The pool id of a route, or null when it is not one. */
export function parsePoolId(raw: string): bigint | null {
  return POOL_ID.test(raw) ? BigInt(raw) : null;
}

const CHAIN_UNAVAILABLE = "The pool could not be read from the network: try again later";
const HISTORY_UNAVAILABLE = "The pool's history is unavailable: try again later";

/** The pool from the chain; null when no pool has this id. An RPC failure is an UpstreamError. */
export async function findPool(poolId: bigint): Promise<Pool | null> {
  const config = serverConfig();
  if (!hasDeployment(config.chainId)) return null;
  try {
    return await readPool(chainClient(config), getDeployment(config.chainId), poolId);
  } catch (error) {
    if (error instanceof PoolNotFoundError) return null;
    throw new UpstreamError(
      `reading pool ${poolId}: ${error instanceof Error ? error.message : String(error)}`,
      CHAIN_UNAVAILABLE,
    );
  }
}

/** The pool of a report route: 400 JSON for a malformed id, 404 JSON for an unknown pool. */
export async function requirePool(raw: string): Promise<Pool> {
  const poolId = parsePoolId(raw);
  if (poolId === null) throw new HttpError(400, POOL_ID_MESSAGE);
  const pool = await findPool(poolId);
  if (!pool) throw notFound(`No pool has id ${poolId}`);
  return pool;
}

/** The pool's clearings (at most the newest 520), oldest first, each with its tranches. */
export async function poolEpochs(poolId: bigint): Promise<PoolEpochsResponse> {
  return (await (
    await fromIndexer(`/pool-epochs?pool=${poolId}`, HISTORY_UNAVAILABLE)
  ).json()) as PoolEpochsResponse;
}

/** Events per indexer read, and the most events one report holds. */
export const REPORT_PAGE_SIZE = 1_000;
export const REPORT_MAX_ROWS = 10_000;

/** `?page=` of a report: from 1 (the first {@link REPORT_MAX_ROWS} events). */
export const ReportQuery = z
  .object({
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,5}$/, "page must be a whole number from 1")
      .transform(Number)
      .default(1),
  })
  .strict();

/**
 * Part `part` (from 1) of the pool's request events, oldest first: {@link REPORT_MAX_ROWS}
 * events read {@link REPORT_PAGE_SIZE} at a time, and whether more follow.
 */
export async function poolTransactions(
  poolId: bigint,
  part = 1,
): Promise<{ items: PoolTransaction[]; hasMore: boolean }> {
  const pagesPerPart = REPORT_MAX_ROWS / REPORT_PAGE_SIZE;
  const items: PoolTransaction[] = [];
  let hasMore = false;
  for (let i = 0; i < pagesPerPart; i++) {
    const page = (part - 1) * pagesPerPart + i + 1;
    const body = (await (
      await fromIndexer(
        `/pool-transactions?pool=${poolId}&page=${page}&pageSize=${REPORT_PAGE_SIZE}`,
        HISTORY_UNAVAILABLE,
      )
    ).json()) as PoolTransactionsPage;
    items.push(...body.items);
    hasMore = body.hasMore;
    if (!body.hasMore) break;
  }
  return { items, hasMore };
}

/** The pool's published loan book (the last 52 epochs), from the chain. */
export async function poolRepayments(poolId: bigint): Promise<HistoricalRepayment[]> {
  const config = serverConfig();
  try {
    return await readHistoricalRepayments(
      chainClient(config),
      getDeployment(config.chainId),
      poolId,
    );
  } catch (error) {
    throw new UpstreamError(
      `reading the repayments of pool ${poolId}: ${error instanceof Error ? error.message : String(error)}`,
      CHAIN_UNAVAILABLE,
    );
  }
}

/** The pool's incident periods and reported losses, newest first (at most 100 of each). */
export async function poolIncidentsAndLosses(
  poolId: bigint,
): Promise<{ incidents: PoolIncident[]; losses: PoolLoss[] }> {
  const [incidents, losses] = await Promise.all([
    fromIndexer(`/incidents?pool=${poolId}&pageSize=100`, HISTORY_UNAVAILABLE).then(
      (r) => r.json() as Promise<{ items: PoolIncident[] }>,
    ),
    fromIndexer(`/losses?pool=${poolId}&pageSize=100`, HISTORY_UNAVAILABLE).then(
      (r) => r.json() as Promise<{ items: PoolLoss[] }>,
    ),
  ]);
  return { incidents: incidents.items, losses: losses.items };
}

/** A CSV download's response: attachment, never cached, `Link: rel=next` when more follow. */
export function csvResponse(csv: string, filename: string, next?: string): Response {
  const headers: Record<string, string> = {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  };
  if (next) headers.link = `<${next}>; rel="next"`;
  return new Response(csv, { headers });
}
