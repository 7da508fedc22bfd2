/**
 * A lender's indexed transaction history, read from the indexer's HTTP API (packages/indexer).
 * Everything here is public on-chain data: no signature needed. The indexer being down or
 * unreachable is an {@link UpstreamError} (503); its own 4xx answers pass through.
 */
import {
  lastRemainingQueued,
  withBorrowerDecisions,
  type HistoryPage,
  type HistoryTransaction,
  type IndexerSync,
  type RewardsPage,
} from "@lending/sdk";
import type { Address } from "viem";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import type { Executor } from "../db/types";
import { HttpError, UpstreamError } from "../http/errors";
import { ticketHistoryOf } from "./loan-tickets";

const user = z
  .string({ error: "is required" })
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((v) => v.toLowerCase());

/** `?user=0x..&page=1&pageSize=10`: page from 1, pageSize 1 to 100 (default 10). */
export const TransactionsQuery = z
  .object({
    user,
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,6}$/, "must be a whole number from 1")
      .transform(Number)
      .default(1),
    pageSize: z
      .string()
      .regex(/^[0-9]{1,3}$/, "must be a whole number from 1 to 100")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be from 1 to 100").max(100, "must be from 1 to 100"))
      .default(10),
  })
  .strict();

export const TransactionsCsvQuery = z.object({ user }).strict();

const INDEXER_TIMEOUT_MS = 10_000;

const HISTORY_UNAVAILABLE = "The transaction history is unavailable: try again later";

/**
 * GET `pathAndQuery` from the indexer's API: its 4xx answers pass through as HttpErrors; down,
 * slow or failing, an UpstreamError (503) with `unavailable` as the public message.
 */
export async function fromIndexer(
  pathAndQuery: string,
  unavailable: string = HISTORY_UNAVAILABLE,
): Promise<Response> {
  const base = serverConfig().indexerUrl;
  let res: Response;
  try {
    res = await fetch(`${base}${pathAndQuery}`, {
      signal: AbortSignal.timeout(INDEXER_TIMEOUT_MS),
      cache: "no-store",
    });
  } catch (error) {
    throw new UpstreamError(
      `indexer at ${base} unreachable: ${error instanceof Error ? error.message : String(error)}`,
      unavailable,
    );
  }
  if (res.status >= 400 && res.status < 500) {
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    throw new HttpError(
      res.status,
      typeof body.message === "string" ? body.message : "Bad request",
    );
  }
  if (!res.ok) {
    throw new UpstreamError(`indexer answered ${res.status}`, unavailable);
  }
  return res;
}

/** One page of `user`'s transactions, newest request first. */
export async function transactionsPage(
  q: z.output<typeof TransactionsQuery>,
): Promise<HistoryPage> {
  const params = new URLSearchParams({
    user: q.user,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });
  return (await (await fromIndexer(`/transactions?${params}`)).json()) as HistoryPage;
}

/** How far the indexer is behind the chain (its GET /sync). */
export async function indexerSync(): Promise<IndexerSync> {
  return (await (
    await fromIndexer("/sync", "The indexer's progress is unavailable: try again later")
  ).json()) as IndexerSync;
}

/** One page of `user`'s rewards, newest first, with their totals. */
export async function rewardsPage(q: z.output<typeof TransactionsQuery>): Promise<RewardsPage> {
  const params = new URLSearchParams({
    user: q.user,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });
  return (await (
    await fromIndexer(`/rewards?${params}`, REWARDS_UNAVAILABLE)
  ).json()) as RewardsPage;
}

const REWARDS_UNAVAILABLE = "The rewards history is unavailable: try again later";

/** The whole history of `user` as RFC 4180 CSV text. */
export async function transactionsCsv(q: z.output<typeof TransactionsCsvQuery>): Promise<string> {
  return (await fromIndexer(`/transactions.csv?${new URLSearchParams({ user: q.user })}`)).text();
}

/** Requests of `user` by id, as the history shows them (asked 100 at a time, in parallel). */
export async function requestsByIds(
  user: string,
  ids: readonly string[],
): Promise<HistoryTransaction[]> {
  const pages: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) pages.push(ids.slice(i, i + 100) as string[]);
  const answers = await Promise.all(
    pages.map(async (page) => {
      const params = new URLSearchParams({ user: user.toLowerCase(), ids: page.join(",") });
      return (
        (await (await fromIndexer(`/requests?${params}`)).json()) as {
          items: HistoryTransaction[];
        }
      ).items;
    }),
  );
  return answers.flat();
}

/**
 * The page as its owner sees it (only with the wallet's session: decisions are personal):
 * deposits backing a loan ticket the lender was told of get the subsequent actions emailSent,
 * optedIn/optedOut and fundsReturned, and show Queued while the lender's answer is awaited.
 */
export async function withLenderDecisions(
  db: Executor,
  chainId: number,
  user: Address,
  page: HistoryPage,
  now: number = Date.now(),
): Promise<HistoryPage> {
  const tickets = await ticketHistoryOf(db, chainId, user);
  if (tickets.length === 0) return page;
  const returnIds = tickets.flatMap((t) => (t.returnNftId ? [t.returnNftId] : []));
  const returns = new Map((await requestsByIds(user, returnIds)).map((r) => [r.nftId, r]));
  const facts = tickets.map(({ returnNftId, ...t }) => {
    const paid = returnNftId ? returns.get(returnNftId) : undefined;
    // paid: processed and nothing of it still queued (a partly accepted return is not done)
    const done =
      paid?.requestStatus === "Processed" &&
      (lastRemainingQueued(
        paid.events.map((e) => ({
          ...e,
          remainingQueuedAmount:
            e.remainingQueuedAmount === null ? null : BigInt(e.remainingQueuedAmount),
        })),
      ) ?? 0n) <= 0n;
    return !t.fundsReturn || !done
      ? t
      : { ...t, fundsReturn: { ...t.fundsReturn, processedAtMs: paid.lastTransactionDate * 1000 } };
  });
  return {
    ...page,
    items: page.items.map((tx) =>
      tx.type === "Loss" || tx.type === "FixedTerm" ? tx : withBorrowerDecisions(tx, facts, now),
    ),
  };
}
