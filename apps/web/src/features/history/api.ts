/**
 * The my-transactions page's one client of `GET /api/transactions` (contract:
 * `HistoryPage` in packages/sdk/src/entities/history.ts): fetch, validate with zod, and turn the
 * decimal strings into bigints at this edge. Everything past this module works in bigints. The
 * page loads it on first fetch (zod stays out of the first-load JavaScript). `zod/mini`, the
 * tree-shakable form: the full API was 30 KB gzip of a connected page's JavaScript (issue 26).
 */
import type {
  FixedTermEventType,
  HistoryEventType,
  HistoryPage,
  HistoryRequestStatus,
} from "@lending/sdk";
import * as z from "zod/mini";
import { ApiError, apiGet } from "@/lib/api";
import { transactionsUrl } from "./urls";

export { transactionsCsvUrl, transactionsUrl } from "./urls";

const bigintString = z.pipe(
  z.string().check(z.regex(/^-?\d+$/, "a decimal integer string")),
  z.transform((s: string) => BigInt(s)),
);

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

const eventSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  epochId: bigintString,
  amount: bigintString,
  shares: z.nullable(bigintString),
  value: z.nullable(bigintString),
  toTrancheId: z.nullable(z.int().check(z.nonnegative())),
  timestamp: z.int().check(z.nonnegative()),
  blockNumber: bigintString,
  transactionHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  remainingQueuedAmount: z.nullable(bigintString),
});

const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(["Deposit", "Withdrawal"]),
  nftId: bigintString,
  owner: z.string(),
  poolId: bigintString,
  poolName: z.string(),
  trancheId: z.int().check(z.nonnegative()),
  trancheName: z.string(),
  requestedAmount: bigintString,
  requestedValue: bigintString,
  apy: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
  fixedTermConfigId: z.int().check(z.nonnegative()),
  fixedTermWeeks: z.nullable(z.number().check(z.nonnegative())),
  epochId: bigintString,
  requestTimestamp: z.int().check(z.nonnegative()),
  requestStatus: z.enum(REQUEST_STATUSES),
  canCancel: z.boolean(),
  lastTransactionDate: z.int().check(z.nonnegative()),
  events: z.array(eventSchema),
  subsequentTransactions: z.array(
    z.object({
      timestamp: z.int().check(z.nonnegative()),
      action: z.string(),
      amount: bigintString,
      status: z.string(),
      borrower: z.optional(z.string()),
    }),
  ),
});

const lossSchema = z.object({
  id: z.string(),
  type: z.literal("Loss"),
  owner: z.string(),
  poolId: bigintString,
  poolName: z.string(),
  poolLoss: bigintString,
  change: bigintString,
  tranches: z.array(
    z.object({
      trancheId: z.int().check(z.nonnegative()),
      trancheName: z.string(),
      shares: bigintString,
      variableBefore: bigintString,
      variableAfter: bigintString,
      fixedTermBefore: bigintString,
      fixedTermAfter: bigintString,
      change: bigintString,
    }),
  ),
  timestamp: z.int().check(z.nonnegative()),
  blockNumber: bigintString,
  transactionHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
});

const FIXED_TERM_EVENTS = [
  "FixApy",
  "FixedDeposit",
  "WithdrawAtExpiryRequested",
  "Converted",
  "PaidAtExpiry",
] as const satisfies readonly FixedTermEventType[];

const fixedTermSchema = z.object({
  id: z.string(),
  type: z.literal("FixedTerm"),
  event: z.enum(FIXED_TERM_EVENTS),
  lockId: bigintString,
  owner: z.string(),
  poolId: bigintString,
  poolName: z.string(),
  trancheId: z.int().check(z.nonnegative()),
  trancheName: z.string(),
  amount: bigintString,
  returnedValue: z.nullable(bigintString),
  apy: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
  endEpoch: bigintString,
  releaseTime: z.int().check(z.nonnegative()),
  timestamp: z.int().check(z.nonnegative()),
  blockNumber: bigintString,
  transactionHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
});

export const historyPageSchema = z.object({
  items: z.array(z.discriminatedUnion("type", [transactionSchema, lossSchema, fixedTermSchema])),
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
  total: z.int().check(z.nonnegative()),
});

/** A request as the page uses it: amounts and ids as bigints. */
export type Transaction = z.output<typeof transactionSchema>;
/** A loss row (a reported loss on a pool the lender held), amounts as bigints. */
export type LossRow = z.output<typeof lossSchema>;
/** A fixed-term lock event row (Fix APY, withdraw at expiry, maturity, payout). */
export type FixedTermRow = z.output<typeof fixedTermSchema>;
export type TransactionEvent = z.output<typeof eventSchema>;
export type TransactionsPage = z.output<typeof historyPageSchema>;

// the schema's input is exactly the SDK's JSON contract
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatches: Equal<z.input<typeof historyPageSchema>, HistoryPage> = true;
void contractMatches;

/**
 * Parses the JSON of one page; throws when it does not follow the contract.
 *
 * @example parseTransactionsPage(await response.json()).items[0]?.requestedAmount // 100000000n
 */
export function parseTransactionsPage(json: unknown): TransactionsPage {
  return historyPageSchema.parse(json);
}

/** One page of the user's transactions, newest request first. */
export async function fetchTransactionsPage(
  user: string,
  page: number,
  pageSize: number,
): Promise<TransactionsPage> {
  const json = await apiGet<unknown>(transactionsUrl(user, page, pageSize));
  const parsed = historyPageSchema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(502, `unexpected /api/transactions response: ${parsed.error.message}`);
  }
  return parsed.data;
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
