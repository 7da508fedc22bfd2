/**
 * The my-transactions page's one client of `GET /api/transactions` (contract:
 * `HistoryPage` in packages/sdk/src/entities/history.ts): fetch, check the answer's shape
 * (lib/shape), and turn the decimal strings into bigints at this edge. Everything past this module
 * works in bigints. The page loads it on first fetch.
 */
import type {
  FixedTermEventType,
  HistoryEventType,
  HistoryPage,
  HistoryRequestStatus,
} from "@lending/sdk";
import * as s from "@/lib/shape";
import { apiGet } from "@/lib/api";
import { transactionsUrl } from "./urls";

export { transactionsCsvUrl, transactionsUrl } from "./urls";

const bigintString = s.decimalBigint(/^-?\d+$/, "a decimal integer string");

const EVENT_TYPES = [
  "Request",
  "Increase",
  "Accepted",
  "Rejected",
  "Reallocated",
  "Cancelled",
  "PartCancelled",
  "Settled",
  "Forced",
] as const satisfies readonly HistoryEventType[];

const REQUEST_STATUSES = [
  "Requested",
  "Processed",
  "Cancelled",
  "Forced",
  "Queued",
] as const satisfies readonly HistoryRequestStatus[];

const eventSchema = s.object({
  id: s.string,
  type: s.oneOf(EVENT_TYPES),
  epochId: bigintString,
  amount: bigintString,
  shares: s.nullable(bigintString),
  value: s.nullable(bigintString),
  toTrancheId: s.nullable(s.integer(0)),
  timestamp: s.integer(0),
  blockNumber: bigintString,
  transactionHash: s.matching(/^0x[0-9a-fA-F]{64}$/, "a transaction hash"),
  remainingQueuedAmount: s.nullable(bigintString),
});

const transactionSchema = s.object({
  id: s.string,
  type: s.oneOf(["Deposit", "Withdrawal"]),
  nftId: bigintString,
  owner: s.string,
  poolId: bigintString,
  poolName: s.string,
  trancheId: s.integer(0),
  trancheName: s.string,
  requestedAmount: bigintString,
  requestedValue: bigintString,
  apy: s.matching(/^-?\d+(\.\d+)?$/, "a decimal number"),
  fixedTermConfigId: s.integer(0),
  fixedTermWeeks: s.nullable(s.number(0)),
  epochId: bigintString,
  requestTimestamp: s.integer(0),
  requestStatus: s.oneOf(REQUEST_STATUSES),
  canCancel: s.boolean,
  lastTransactionDate: s.integer(0),
  events: s.array(eventSchema),
  subsequentTransactions: s.array(
    s.object({
      timestamp: s.integer(0),
      action: s.string,
      amount: bigintString,
      status: s.string,
      borrower: s.optional(s.string),
    }),
  ),
});

const lossSchema = s.object({
  id: s.string,
  type: s.literal("Loss"),
  owner: s.string,
  poolId: bigintString,
  poolName: s.string,
  poolLoss: bigintString,
  change: bigintString,
  tranches: s.array(
    s.object({
      trancheId: s.integer(0),
      trancheName: s.string,
      shares: bigintString,
      variableBefore: bigintString,
      variableAfter: bigintString,
      fixedTermBefore: bigintString,
      fixedTermAfter: bigintString,
      change: bigintString,
    }),
  ),
  timestamp: s.integer(0),
  blockNumber: bigintString,
  transactionHash: s.matching(/^0x[0-9a-fA-F]{64}$/, "a transaction hash"),
});

const FIXED_TERM_EVENTS = [
  "FixApy",
  "FixedDeposit",
  "WithdrawAtExpiryRequested",
  "Converted",
  "PaidAtExpiry",
] as const satisfies readonly FixedTermEventType[];

const fixedTermSchema = s.object({
  id: s.string,
  type: s.literal("FixedTerm"),
  event: s.oneOf(FIXED_TERM_EVENTS),
  lockId: bigintString,
  owner: s.string,
  poolId: bigintString,
  poolName: s.string,
  trancheId: s.integer(0),
  trancheName: s.string,
  amount: bigintString,
  returnedValue: s.nullable(bigintString),
  apy: s.matching(/^-?\d+(\.\d+)?$/, "a decimal number"),
  endEpoch: bigintString,
  releaseTime: s.integer(0),
  timestamp: s.integer(0),
  blockNumber: bigintString,
  transactionHash: s.matching(/^0x[0-9a-fA-F]{64}$/, "a transaction hash"),
});

export const historyPageSchema = s.object({
  items: s.array(s.anyOf(transactionSchema, lossSchema, fixedTermSchema)),
  page: s.integer(1),
  pageSize: s.integer(1),
  total: s.integer(0),
});

/** A request as the page uses it: amounts and ids as bigints. */
export type Transaction = s.Output<typeof transactionSchema>;
/** A loss row (a reported loss on a pool the lender held), amounts as bigints. */
export type LossRow = s.Output<typeof lossSchema>;
/** A fixed-term lock event row (Fix APY, withdraw at expiry, maturity, payout). */
export type FixedTermRow = s.Output<typeof fixedTermSchema>;
export type TransactionEvent = s.Output<typeof eventSchema>;
export type TransactionsPage = s.Output<typeof historyPageSchema>;

// the schema's input is exactly the SDK's JSON contract
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatches: Equal<s.Input<typeof historyPageSchema>, HistoryPage> = true;
void contractMatches;

/**
 * Parses the JSON of one page; throws when it does not follow the contract.
 *
 * @example parseTransactionsPage(await response.json()).items[0]?.requestedAmount // 100000000n
 */
export function parseTransactionsPage(json: unknown): TransactionsPage {
  return historyPageSchema(json);
}

/** One page of the user's transactions, newest request first. */
export async function fetchTransactionsPage(
  user: string,
  page: number,
  pageSize: number,
): Promise<TransactionsPage> {
  const json = await apiGet<unknown>(transactionsUrl(user, page, pageSize));
  return s.answerOf(historyPageSchema, json, "/api/transactions");
}

/** Structural view of react-query's client: what {@link refreshUntilIndexed} uses. */
interface HistoryCache {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
  getQueriesData<T>(filters: {
    queryKey: readonly unknown[];
  }): [readonly unknown[], T | undefined][];
}

/**
 * After a write the indexer needs a moment to see it: refetches the cached history pages under
 * `queryKey` every `intervalMs` (at most `tries` times) until no cached page shows request `nftId`
 * as still cancellable, or, after a part's cancel (`partCancels`: the request's PartCancelled
 * events before it), until a page shows one more.
 */
export async function refreshUntilIndexed(
  cache: HistoryCache,
  queryKey: readonly unknown[],
  nftId: bigint,
  {
    tries = 10,
    intervalMs = 1000,
    partCancels,
  }: { tries?: number; intervalMs?: number; partCancels?: number } = {},
): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, intervalMs));
    await cache.invalidateQueries({ queryKey });
    const pending = cache
      .getQueriesData<TransactionsPage>({ queryKey })
      .some(([, data]) =>
        data?.items.some(
          (t) =>
            (t.type === "Deposit" || t.type === "Withdrawal") &&
            t.nftId === nftId &&
            t.canCancel &&
            (partCancels === undefined ||
              t.events.filter((e) => e.type === "PartCancelled").length <= partCancels),
        ),
      );
    if (!pending) return true;
  }
  return false;
}

export { fetchIndexerSync } from "./indexerSync";
