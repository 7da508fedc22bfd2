/**
 * The indexer's HTTP API (Ponder serves it next to /health, /ready and /status):
 *   GET /transactions?user=0x..&page=1&pageSize=10   -> HistoryPage (newest request first)
 *   GET /transactions.csv?user=0x..                   -> the whole history, RFC 4180
 *   GET /deposit-records?user=0x..&page=&pageSize=    -> { items: DepositRecord[], page, pageSize, total }
 *   GET /loan-contracts?user=0x..&page=&pageSize=     -> { items: IndexedLoanContract[], page, pageSize, total }
 *   GET /requests?user=0x..&ids=1,2                   -> { items: HistoryTransaction[] } (at most 100 ids)
 *   GET /tranche-lenders?pool=0&tranche=1&page=       -> { items: address[], page, pageSize, hasMore }
 *   GET /rewards?user=0x..&page=&pageSize=            -> { totals, items: RewardItem[], page, pageSize, total }
 *   GET /losses?pool=0&page=&pageSize=                -> { items: PoolLoss[], page, pageSize, total } (pool optional)
 *   GET /incidents?pool=0&page=&pageSize=             -> { items: PoolIncident[], page, pageSize, total } (pool optional)
 *   GET /lender-losses?user=0x..&page=&pageSize=      -> { items: HistoryLoss[], page, pageSize, total }
 *   GET /loss-lenders?loss=<id>&page=&pageSize=       -> { items: HistoryLoss[], page, pageSize, hasMore } (one per lender)
 *   GET /pool-notices                                 -> { items: PoolNotice[] } (pools with an open incident or a loss)
 *   GET /pool-epochs?pool=0&limit=520                 -> PoolEpochsResponse (newest clearings, oldest first; 404 unknown pool)
 *   GET /pool-transactions?pool=0&page=&pageSize=     -> PoolTransactionsPage (request events, oldest first; 404 unknown pool)
 *   GET /sync                                         -> IndexerSync (how far the index is behind the chain)
 * Every per-user read is paginated (pageSize at most 100; the CSV is the one whole-history read),
 * served from the owner indexes of ponder.schema.ts, and its answer is kept until the next
 * indexed block (./answers.ts): a heavy lender's first page under load costs one snapshot query.
 * Bad parameters answer 400 JSON { statusCode, message }. All of it is public on-chain data, but
 * the indexer is private all the same (only the web server reads it): no CORS, GET and HEAD only,
 * /metrics to the loopback only (./private.ts).
 */
import { db, publicClients } from "ponder:api";
import schema from "ponder:schema";
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, max, sql } from "ponder";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { createPublicClient, http } from "viem";
import { loadIndexerConfig } from "../config";
import {
  historyCsv,
  makeLookup,
  newestItemsFirst,
  trancheKey,
  toDepositRecord,
  toHistoryFixedTerm,
  toHistoryLoss,
  toHistoryTransaction,
  toPoolLoss,
  type EventRow,
  type FixedTermEventRow,
  type LenderLossRow,
  type Lookup,
  type LossRow,
  type RequestRow,
} from "./history";
import type { HistoryItem, IndexerSync, PoolIncident } from "../../../sdk/src/entities/history";
import { installPrivateIndexer } from "./private";
import { createAnswerCache } from "./answers";

installPrivateIndexer();

const app = new Hono();

const User = z
  .string({ error: "user is required" })
  .regex(/^0x[0-9a-fA-F]{40}$/, "user must be a 0x-prefixed 20-byte address")
  .transform((s) => s.toLowerCase() as `0x${string}`);

/** `pageSize`: a whole number from 1 to `max`, `fallback` when absent (one rule for every route). */
function pageSizeParam(max: number, fallback: number) {
  const message = `pageSize must be a whole number from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}

const PageQuery = z.object({
  user: User,
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(1_000_000, "page is too large")
    .default(1),
  pageSize: pageSizeParam(100, 10),
});
const UserQuery = z.object({ user: User });

function badRequest(c: Context, error: z.ZodError) {
  const message = error.issues.map((i) => i.message).join("; ");
  return c.json({ statusCode: 400, message }, 400);
}

const query = (c: Context) => {
  const q = c.req.query();
  // Empty values count as absent (page= means the default).
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ""));
};

async function lookup() {
  const [pools, tranches] = await Promise.all([
    db.select().from(schema.pool),
    db.select().from(schema.tranche),
  ]);
  return makeLookup(pools, tranches, publicClients.protocol.chain?.id ?? 0);
}

async function eventsOf(nftIds: bigint[]): Promise<Map<bigint, EventRow[]>> {
  const byId = new Map<bigint, EventRow[]>(nftIds.map((id) => [id, []]));
  if (nftIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(schema.requestEvent)
    .where(inArray(schema.requestEvent.nftId, nftIds))
    .orderBy(asc(schema.requestEvent.blockNumber), asc(schema.requestEvent.logIndex));
  for (const r of rows) byId.get(r.nftId)?.push(r);
  return byId;
}

type ReadState = { xact: string | null; snapshot: string };

async function readState(): Promise<ReadState> {
  const { rows } = await db.execute(
    sql`select pg_current_xact_id_if_assigned()::text as xact, pg_current_snapshot()::text as snapshot`,
  );
  return rows[0] as unknown as ReadState;
}

/** Per-user answers, kept while the index does not change (./answers.ts, issue 25). */
const answers = createAnswerCache(readState);

/**
 * Runs `read` (several queries) so that it sees one committed state of the index. On the
 * embedded PGlite the API shares the indexer's single connection, so a read can land inside the
 * block being written (an assigned transaction id); on Postgres a block can commit between two of
 * the read's queries (the snapshot moves). Either way the read is done again, a few ms later.
 */
async function consistentRead<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const before = await readState();
    const result = await read();
    const after = await readState();
    const whole = before.xact === null && after.xact === null && before.snapshot === after.snapshot;
    if (whole || attempt >= 50) return result;
    await new Promise((r) => setTimeout(r, 5 + attempt * 5));
  }
}

const newestFirst = [desc(schema.request.requestTimestamp), desc(schema.request.nftId)] as const;

/**
 * The `limit` newest losses of `user` (one per loss, newest first) as history rows, and how many
 * losses the user has in all.
 */
async function lossesOf(user: `0x${string}`, limit: number | undefined, offset = 0, names: Lookup) {
  const ll = schema.lenderLoss;
  const newest = db
    .select({ lossId: ll.lossId, at: max(ll.blockNumber) })
    .from(ll)
    .where(eq(ll.owner, user))
    .groupBy(ll.lossId)
    .orderBy(desc(max(ll.blockNumber)), desc(ll.lossId))
    .offset(offset);
  const [[totalRow], ids] = await Promise.all([
    db
      .select({ n: countDistinct(ll.lossId) })
      .from(ll)
      .where(eq(ll.owner, user)),
    limit === undefined ? newest : newest.limit(limit),
  ]);
  const lossIds = ids.map((r) => r.lossId);
  if (lossIds.length === 0) return { total: Number(totalRow?.n ?? 0), items: [] };
  const [losses, rows] = await Promise.all([
    db.select().from(schema.loss).where(inArray(schema.loss.id, lossIds)),
    db
      .select()
      .from(ll)
      .where(and(eq(ll.owner, user), inArray(ll.lossId, lossIds))),
  ]);
  const byId = new Map(losses.map((l: LossRow) => [l.id, l]));
  const items = lossIds.flatMap((id) => {
    const loss = byId.get(id);
    return loss
      ? [
          toHistoryLoss(
            loss,
            rows.filter((r: LenderLossRow) => r.lossId === id),
            names,
          ),
        ]
      : [];
  });
  return { total: Number(totalRow?.n ?? 0), items };
}

/** The `limit` newest fixed-term events of `user` as history rows, and how many there are. */
async function fixedTermOf(user: `0x${string}`, limit: number | undefined, names: Lookup) {
  const f = schema.fixedTermEvent;
  const newest = db
    .select()
    .from(f)
    .where(eq(f.owner, user))
    .orderBy(desc(f.blockNumber), desc(f.logIndex));
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(f).where(eq(f.owner, user)),
    limit === undefined ? newest : newest.limit(limit),
  ]);
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map((r: FixedTermEventRow) => toHistoryFixedTerm(r, names)),
  };
}

/**
 * A page of the user's history: requests (by request time), losses and fixed-term events (by
 * block time), newest first. The page is cut from the newest `page * pageSize` of each kind,
 * merged.
 */
app.get("/transactions", async (c) => {
  const parsed = PageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, page, pageSize } = parsed.data;
  const head = page * pageSize;
  const body = await answers.answer(`transactions|${user}|${page}|${pageSize}`, async () => {
    const { totalRow, rows, names, events, losses, fixed } = await consistentRead(async () => {
      const [[totalRow], rows, names] = await Promise.all([
        db.select({ n: count() }).from(schema.request).where(eq(schema.request.owner, user)),
        db
          .select()
          .from(schema.request)
          .where(eq(schema.request.owner, user))
          .orderBy(...newestFirst)
          .limit(head),
        lookup(),
      ]);
      const [events, losses, fixed] = await Promise.all([
        eventsOf(rows.map((r: RequestRow) => r.nftId)),
        lossesOf(user, head, 0, names),
        fixedTermOf(user, head, names),
      ]);
      return { totalRow, rows, names, events, losses, fixed };
    });
    const items: HistoryItem[] = [
      ...rows.map((r: RequestRow) => toHistoryTransaction(r, events.get(r.nftId) ?? [], names)),
      ...losses.items,
      ...fixed.items,
    ].sort(newestItemsFirst);
    return {
      items: items.slice((page - 1) * pageSize, head),
      page,
      pageSize,
      total: Number(totalRow?.n ?? 0) + losses.total + fixed.total,
    };
  });
  return c.json(body);
});

/** A user's losses, newest first: one row per loss with the change of each tranche position. */
app.get("/lender-losses", async (c) => {
  const parsed = PageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, page, pageSize } = parsed.data;
  const result = await answers.answer(`lender-losses|${user}|${page}|${pageSize}`, () =>
    consistentRead(async () => lossesOf(user, pageSize, (page - 1) * pageSize, await lookup())),
  );
  return c.json({ items: result.items, page, pageSize, total: result.total });
});

const LossLendersQuery = z.object({
  loss: z
    .string({ error: "loss is required" })
    .regex(/^0x[0-9a-fA-F]{64}-\d{1,6}$/, "loss must be a loss id (transactionHash-logIndex)")
    .transform((s) => s.toLowerCase()),
  page: PageQuery.shape.page,
  pageSize: PageQuery.shape.pageSize,
});

/**
 * Every lender of the pool when a loss was reported (its changed and unchanged positions), one
 * row per lender, by address: whom the loss mail goes to.
 */
app.get("/loss-lenders", async (c) => {
  const parsed = LossLendersQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { loss: lossId, page, pageSize } = parsed.data;
  const ll = schema.lenderLoss;
  const { loss, owners, rows, names } = await consistentRead(async () => {
    const [[loss], owners, names] = await Promise.all([
      db.select().from(schema.loss).where(eq(schema.loss.id, lossId)),
      db
        .selectDistinct({ owner: ll.owner })
        .from(ll)
        .where(eq(ll.lossId, lossId))
        .orderBy(asc(ll.owner))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize),
      lookup(),
    ]);
    const addresses = owners.slice(0, pageSize).map((o) => o.owner);
    const rows =
      addresses.length === 0
        ? []
        : await db
            .select()
            .from(ll)
            .where(and(eq(ll.lossId, lossId), inArray(ll.owner, addresses)));
    return { loss, owners, rows, names };
  });
  if (!loss) return c.json({ statusCode: 404, message: `No loss ${lossId}` }, 404);
  const items = owners.slice(0, pageSize).map((o) =>
    toHistoryLoss(
      loss,
      rows.filter((r: LenderLossRow) => r.owner === o.owner),
      names,
    ),
  );
  return c.json({ items, page, pageSize, hasMore: owners.length > pageSize });
});

const PoolPageQuery = z.object({
  pool: z
    .string()
    .regex(/^\d{1,30}$/, "pool must be a pool id")
    .transform(BigInt)
    .optional(),
  page: PageQuery.shape.page,
  pageSize: PageQuery.shape.pageSize,
});

function toIncident(r: typeof schema.incident.$inferSelect): PoolIncident {
  return {
    id: r.id,
    poolId: r.poolId.toString(),
    openedAt: Number(r.openedAt),
    openTransactionHash: r.openTransactionHash.toLowerCase(),
    closedAt: r.closedAt === null ? null : Number(r.closedAt),
    closeTransactionHash: r.closeTransactionHash?.toLowerCase() ?? null,
  };
}

async function poolLosses(where: ReturnType<typeof eq> | undefined, limit: number, offset: number) {
  const [[totalRow], rows, names] = await Promise.all([
    db.select({ n: count() }).from(schema.loss).where(where),
    db
      .select()
      .from(schema.loss)
      .where(where)
      .orderBy(desc(schema.loss.blockNumber), desc(schema.loss.logIndex))
      .limit(limit)
      .offset(offset),
    lookup(),
  ]);
  const tranches =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(schema.trancheLoss)
          .where(
            inArray(
              schema.trancheLoss.lossId,
              rows.map((r: LossRow) => r.id),
            ),
          );
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map((r: LossRow) => toPoolLoss(r, tranches, names)),
  };
}

/** Losses reported on a pool (or on every pool), newest first, with what each tranche lost. */
app.get("/losses", async (c) => {
  const parsed = PoolPageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { pool, page, pageSize } = parsed.data;
  const where = pool === undefined ? undefined : eq(schema.loss.poolId, pool);
  const result = await consistentRead(() => poolLosses(where, pageSize, (page - 1) * pageSize));
  return c.json({ items: result.items, page, pageSize, total: result.total });
});

/** Incident periods of a pool (or of every pool), newest first; `closedAt` null while open. */
app.get("/incidents", async (c) => {
  const parsed = PoolPageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { pool, page, pageSize } = parsed.data;
  const where = pool === undefined ? undefined : eq(schema.incident.poolId, pool);
  const [[totalRow], rows] = await consistentRead(() =>
    Promise.all([
      db.select({ n: count() }).from(schema.incident).where(where),
      db
        .select()
        .from(schema.incident)
        .where(where)
        .orderBy(desc(schema.incident.openedAt), desc(schema.incident.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    ]),
  );
  return c.json({ items: rows.map(toIncident), page, pageSize, total: Number(totalRow?.n ?? 0) });
});

const PoolIdParam = z
  .string({ error: "pool is required" })
  .regex(/^\d{1,30}$/, "pool must be a pool id")
  .transform(BigInt);

/** At most this many epochs per answer (ten years of weekly epochs): the read stays bounded. */
const MAX_POOL_EPOCHS = 520;

const PoolEpochsQuery = z.object({
  pool: PoolIdParam,
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_POOL_EPOCHS}` })
    .int(`limit must be a whole number from 1 to ${MAX_POOL_EPOCHS}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_POOL_EPOCHS}`)
    .max(MAX_POOL_EPOCHS, `limit must be a whole number from 1 to ${MAX_POOL_EPOCHS}`)
    .default(MAX_POOL_EPOCHS),
});

const unknownPool = (c: Context) => c.json({ statusCode: 404, message: "Unknown pool" }, 404);

/**
 * The pool page's history: the newest `limit` clearings of a pool (oldest first), each with every
 * tranche's rate, share price, value and capacity after it. 404 for a pool not indexed.
 */
app.get("/pool-epochs", async (c) => {
  const parsed = PoolEpochsQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { pool, limit } = parsed.data;
  const result = await consistentRead(async () => {
    const [poolRow] = await db.select().from(schema.pool).where(eq(schema.pool.poolId, pool));
    if (!poolRow) return null;
    const [clearings, names] = await Promise.all([
      db
        .select()
        .from(schema.epochClearing)
        .where(eq(schema.epochClearing.poolId, pool))
        .orderBy(desc(schema.epochClearing.epoch))
        .limit(limit),
      lookup(),
    ]);
    const epochs = clearings.map((r) => r.epoch);
    const tranches =
      epochs.length === 0
        ? []
        : await db
            .select()
            .from(schema.trancheClearing)
            .where(
              and(
                eq(schema.trancheClearing.poolId, pool),
                inArray(schema.trancheClearing.epoch, epochs),
              ),
            )
            .orderBy(asc(schema.trancheClearing.trancheId));
    return { poolRow, clearings, tranches, names };
  });
  if (!result) return unknownPool(c);
  const { poolRow, clearings, tranches, names } = result;
  const items = clearings
    .filter((r) => r.timestamp > 0n)
    .reverse()
    .map((r) => ({
      epoch: r.epoch.toString(),
      timestamp: Number(r.timestamp),
      interest: r.interest.toString(),
      fee: r.fee.toString(),
      depositsAccepted: r.depositsAccepted.toString(),
      withdrawalsPaid: r.withdrawalsPaid.toString(),
      drawnPrincipal: r.drawnPrincipal?.toString() ?? null,
      transactionHash: r.transactionHash.toLowerCase(),
      tranches: tranches
        .filter((t) => t.epoch === r.epoch)
        .map((t) => ({
          trancheId: t.trancheId.toString(),
          trancheName: names.tranches.get(trancheKey(t.poolId, t.trancheId))?.name ?? "",
          epochInterestRate: t.epochInterestRate.toString(),
          assetsPerShare: t.assetsPerShare.toString(),
          totalAssets: t.totalAssets?.toString() ?? null,
          capacity: t.capacity?.toString() ?? null,
        })),
    }));
  return c.json({ poolId: pool.toString(), poolName: poolRow.name, items });
});

const PoolTransactionsQuery = z.object({
  pool: PoolIdParam,
  page: PageQuery.shape.page,
  pageSize: pageSizeParam(1000, 100),
});

/**
 * Every event of the lenders' requests in a pool (requests, increases, acceptances, rejections,
 * reallocations, cancellations), oldest first, a page at a time: addresses as on chain, nothing
 * else about the lender. 404 for a pool not indexed.
 */
app.get("/pool-transactions", async (c) => {
  const parsed = PoolTransactionsQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { pool, page, pageSize } = parsed.data;
  const r = schema.request;
  const e = schema.requestEvent;
  const result = await consistentRead(async () => {
    const [poolRow] = await db.select().from(schema.pool).where(eq(schema.pool.poolId, pool));
    if (!poolRow) return null;
    const [rows, names] = await Promise.all([
      db
        .select({
          id: e.id,
          timestamp: e.timestamp,
          epoch: e.epoch,
          nftId: e.nftId,
          kind: r.kind,
          type: e.type,
          owner: r.owner,
          poolId: r.poolId,
          trancheId: r.trancheId,
          toTrancheId: e.toTrancheId,
          amount: e.amount,
          shares: e.shares,
          value: e.value,
          transactionHash: e.transactionHash,
        })
        .from(e)
        .innerJoin(r, eq(r.nftId, e.nftId))
        .where(eq(r.poolId, pool))
        .orderBy(asc(e.blockNumber), asc(e.logIndex), asc(e.id))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize),
      lookup(),
    ]);
    return { rows, names };
  });
  if (!result) return unknownPool(c);
  const { rows, names } = result;
  const name = (trancheId: bigint) => names.tranches.get(trancheKey(pool, trancheId))?.name ?? "";
  return c.json({
    items: rows.slice(0, pageSize).map((x) => ({
      id: x.id,
      timestamp: Number(x.timestamp),
      epoch: x.epoch.toString(),
      nftId: x.nftId.toString(),
      kind: x.kind,
      type: x.type,
      owner: x.owner.toLowerCase(),
      trancheName: name(x.trancheId),
      toTrancheName: x.toTrancheId === null ? null : name(x.toTrancheId),
      amount: x.amount.toString(),
      shares: x.shares?.toString() ?? null,
      value: x.value?.toString() ?? null,
      transactionHash: x.transactionHash.toLowerCase(),
    })),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  });
});

/**
 * For the pool cards: every pool with an open incident or a reported loss, its open incident
 * and its newest loss (with the tranches it hit).
 */
app.get("/pool-notices", async (c) => {
  const { open, counts, names } = await consistentRead(async () => {
    const [open, counts, names] = await Promise.all([
      db.select().from(schema.incident).where(isNull(schema.incident.closedAt)),
      db
        .select({ poolId: schema.loss.poolId, n: count() })
        .from(schema.loss)
        .groupBy(schema.loss.poolId),
      lookup(),
    ]);
    return { open, counts, names };
  });
  const poolIds = [
    ...new Set([...open.map((i) => i.poolId), ...counts.map((r) => r.poolId)].map(String)),
  ].sort((a, b) => Number(BigInt(a) - BigInt(b)));
  const items = await Promise.all(
    poolIds.map(async (id) => {
      const latest = await consistentRead(() =>
        poolLosses(eq(schema.loss.poolId, BigInt(id)), 1, 0),
      );
      const incident = open.find((i) => i.poolId.toString() === id);
      return {
        poolId: id,
        poolName: names.pools.get(id)?.name ?? "",
        openIncident: incident ? toIncident(incident) : null,
        latestLoss: latest.items[0] ?? null,
        lossCount: latest.total,
      };
    }),
  );
  return c.json({ items });
});

const IdsQuery = z.object({
  user: User,
  ids: z
    .string({ error: "ids is required" })
    .regex(/^\d{1,30}(,\d{1,30}){0,99}$/, "ids must be 1 to 100 request ids, comma separated")
    .transform((s) => [...new Set(s.split(",").map(BigInt))]),
});

/** Requests of `user` by id (at most 100): the server's read of a few known requests. */
app.get("/requests", async (c) => {
  const parsed = IdsQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, ids } = parsed.data;
  const { rows, names, events } = await consistentRead(async () => {
    const [rows, names] = await Promise.all([
      db
        .select()
        .from(schema.request)
        .where(and(eq(schema.request.owner, user), inArray(schema.request.nftId, ids)))
        .orderBy(...newestFirst),
      lookup(),
    ]);
    const events = await eventsOf(rows.map((r: RequestRow) => r.nftId));
    return { rows, names, events };
  });
  return c.json({
    items: rows.map((r: RequestRow) => toHistoryTransaction(r, events.get(r.nftId) ?? [], names)),
  });
});

/** What a user received from locking and referrals, as GET /rewards lists it. */
const REWARD_EVENTS = ["FeesClaimed", "BonusClaimed", "Locked", "ReferralRewardPaid"] as const;

/**
 * A user's rewards, newest first: fee shares claimed (USDC), bonus claimed (KSU), launch bonuses
 * received with a lock (KSU) and referral rewards paid (USDC), with the totals of each.
 */
app.get("/rewards", async (c) => {
  const parsed = PageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, page, pageSize } = parsed.data;
  const pe = schema.protocolEvent;
  const where = and(
    eq(pe.user, user),
    inArray(pe.name, [...REWARD_EVENTS]),
    // a lock without a launch bonus received nothing
    sql`(${pe.name} <> 'Locked' or (${pe.args}->>'launchBonus')::numeric > 0)`,
  );
  const amountOf = sql<string>`case when ${pe.name} = 'Locked' then ${pe.args}->>'launchBonus' else ${pe.args}->>'amount' end`;
  const result = await answers.answer(`rewards|${user}|${page}|${pageSize}`, () =>
    consistentRead(() =>
      Promise.all([
        db
          .select({
            name: pe.name,
            total: sql<string>`coalesce(sum((${amountOf})::numeric), 0)::text`,
          })
          .from(pe)
          .where(where)
          .groupBy(pe.name),
        db.select({ n: count() }).from(pe).where(where),
        db
          .select()
          .from(pe)
          .where(where)
          .orderBy(desc(pe.blockNumber), desc(pe.logIndex))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      ]),
    ),
  );
  const [sums, [totalRow], rows] = result;
  const total = (name: (typeof REWARD_EVENTS)[number]) =>
    sums.find((r) => r.name === name)?.total ?? "0";
  const kind = {
    FeesClaimed: "feeShare",
    BonusClaimed: "bonus",
    Locked: "launchBonus",
    ReferralRewardPaid: "referral",
  } as const;
  return c.json({
    totals: {
      feesClaimed: total("FeesClaimed"),
      bonusClaimed: total("BonusClaimed"),
      launchBonus: total("Locked"),
      referralPaid: total("ReferralRewardPaid"),
    },
    items: rows.map((r) => {
      const args = r.args as Record<string, unknown>;
      const name = r.name as (typeof REWARD_EVENTS)[number];
      return {
        id: r.id,
        kind: kind[name],
        token: name === "FeesClaimed" || name === "ReferralRewardPaid" ? "USDC" : "KSU",
        amount: String(name === "Locked" ? args.launchBonus : args.amount),
        timestamp: Number(r.timestamp),
        transactionHash: r.transactionHash,
      };
    }),
    page,
    pageSize,
    total: Number(totalRow?.n ?? 0),
  });
});

const TrancheLendersQuery = z.object({
  pool: z
    .string({ error: "pool is required" })
    .regex(/^\d{1,30}$/, "pool must be a pool id")
    .transform(BigInt),
  tranche: z
    .string({ error: "tranche is required" })
    .regex(/^\d{1,3}$/, "tranche must be a tranche id")
    .transform(BigInt),
  page: PageQuery.shape.page,
  pageSize: pageSizeParam(1000, 1000),
});

/**
 * Every lender a deposit of which was ever accepted into a tranche (its own, or reallocated into
 * it), by address, a page at a time: who may hold the tranche's funds (the ops command that
 * records a loan ticket keeps those whose shares on chain are above 0).
 */
app.get("/tranche-lenders", async (c) => {
  const parsed = TrancheLendersQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { pool, tranche, page, pageSize } = parsed.data;
  const rows = await db
    .selectDistinct({ owner: schema.depositRecord.owner })
    .from(schema.depositRecord)
    .where(
      and(
        eq(schema.depositRecord.poolId, pool),
        eq(schema.depositRecord.trancheId, tranche),
        sql`(${schema.depositRecord.acceptedAmount} > 0 or ${schema.depositRecord.reallocatedInAmount} > 0)`,
      ),
    )
    .orderBy(asc(schema.depositRecord.owner))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return c.json({
    items: rows.slice(0, pageSize).map((r) => r.owner),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  });
});

app.get("/transactions.csv", async (c) => {
  const parsed = UserQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user } = parsed.data;
  const { rows, names, events, losses, fixed } = await consistentRead(async () => {
    const [rows, names] = await Promise.all([
      db
        .select()
        .from(schema.request)
        .where(eq(schema.request.owner, user))
        .orderBy(...newestFirst),
      lookup(),
    ]);
    const [events, losses, fixed] = await Promise.all([
      eventsOf(rows.map((r: RequestRow) => r.nftId)),
      lossesOf(user, undefined, 0, names),
      fixedTermOf(user, undefined, names),
    ]);
    return { rows, names, events, losses, fixed };
  });
  const csv = historyCsv(
    [
      ...rows.map((r: RequestRow) => toHistoryTransaction(r, events.get(r.nftId) ?? [], names)),
      ...losses.items,
      ...fixed.items,
    ].sort(newestItemsFirst),
  );
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="transactions-${user}.csv"`,
  });
});

app.get("/deposit-records", async (c) => {
  const parsed = PageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, page, pageSize } = parsed.data;
  const where = and(eq(schema.depositRecord.owner, user));
  const [[totalRow], rows, names] = await answers.answer(
    `deposit-records|${user}|${page}|${pageSize}`,
    () =>
      consistentRead(() =>
        Promise.all([
          db.select({ n: count() }).from(schema.depositRecord).where(where),
          db
            .select()
            .from(schema.depositRecord)
            .where(where)
            .orderBy(
              desc(schema.depositRecord.requestTimestamp),
              desc(schema.depositRecord.nftId),
              asc(schema.depositRecord.trancheId),
            )
            .limit(pageSize)
            .offset((page - 1) * pageSize),
          lookup(),
        ]),
      ),
  );
  return c.json({
    items: rows.map((r) => toDepositRecord(r, names)),
    page,
    pageSize,
    total: Number(totalRow?.n ?? 0),
  });
});

/**
 * The loan contracts a lender accepted on chain (LoanContractAccepted, emitted with the deposit
 * that carries the acceptance), newest first. `depositAmount` is what that deposit added to its
 * request (a request can grow by several deposits in its epoch, each with its own contract);
 * `acceptedAmount` is the contract's share of what clearing accepted for the request (in its
 * tranche, or reallocated to and accepted in a more senior one), pro rata and rounded down,
 * once the request is settled; "0" once cancelled; null while it waits for its epoch to clear.
 */
app.get("/loan-contracts", async (c) => {
  const parsed = PageQuery.safeParse(query(c));
  if (!parsed.success) return badRequest(c, parsed.error);
  const { user, page, pageSize } = parsed.data;
  const where = and(
    eq(schema.protocolEvent.user, user),
    eq(schema.protocolEvent.name, "LoanContractAccepted"),
  );
  const result = await answers.answer(`loan-contracts|${user}|${page}|${pageSize}`, () =>
    consistentRead(async () => {
      const [[totalRow], accepted, names] = await Promise.all([
        db.select({ n: count() }).from(schema.protocolEvent).where(where),
        db
          .select()
          .from(schema.protocolEvent)
          .where(where)
          .orderBy(desc(schema.protocolEvent.blockNumber), desc(schema.protocolEvent.logIndex))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        lookup(),
      ]);
      const nftIds = accepted.map((e) => BigInt(String(e.args.nftId)));
      const [requests, events] =
        nftIds.length === 0
          ? [[], []]
          : await Promise.all([
              db.select().from(schema.request).where(inArray(schema.request.nftId, nftIds)),
              db
                .select()
                .from(schema.requestEvent)
                .where(
                  and(
                    inArray(schema.requestEvent.nftId, nftIds),
                    inArray(schema.requestEvent.type, ["Request", "Increase"]),
                  ),
                ),
            ]);
      return { total: Number(totalRow?.n ?? 0), accepted, names, nftIds, requests, events };
    }),
  );
  const requestOf = new Map(result.requests.map((r) => [r.nftId, r]));
  const items = result.accepted.map((e, i) => {
    const nftId = result.nftIds[i]!;
    const r = requestOf.get(nftId);
    const added = result.events.find(
      (x) => x.nftId === nftId && x.transactionHash === e.transactionHash,
    )?.amount;
    let acceptedAmount: string | null = null;
    if (r?.state === "Cancelled") acceptedAmount = "0";
    else if (r?.state === "Settled" && added !== undefined && r.amount > 0n) {
      acceptedAmount = (((r.accepted + r.reallocated) * added) / r.amount).toString();
    }
    return {
      nftId: nftId.toString(),
      signature: String(e.args.signature).toLowerCase(),
      acceptanceTimestamp: String(e.args.timestamp),
      poolName: r ? (result.names.pools.get(r.poolId.toString())?.name ?? "") : "",
      trancheName: r
        ? (result.names.tranches.get(trancheKey(r.poolId, r.trancheId))?.name ?? "")
        : "",
      depositAmount: added?.toString() ?? null,
      acceptedAmount,
      timestamp: e.timestamp.toString(),
      transactionHash: e.transactionHash,
    };
  });
  return c.json({ items, page, pageSize, total: result.total });
});

// The chain's head read straight from the RPC (not through Ponder's request queue, which is
// what stalls when the indexer falls behind), with a short timeout.
const chainClient = createPublicClient({
  transport: http(loadIndexerConfig().rpcUrl, { timeout: 3_000, retryCount: 0 }),
});

/**
 * How far the index is behind the chain: Ponder's own /status (its newest indexed block) and
 * the chain's head block. `behindSeconds` compares the two blocks' times.
 */
app.get("/sync", async (c) => {
  const status = (await (await fetch(new URL("/status", c.req.url))).json()) as Record<
    string,
    { block?: { number: number; timestamp: number } }
  >;
  const indexed = Object.values(status)[0]?.block ?? { number: 0, timestamp: 0 };
  let head: { number: bigint; timestamp: bigint } | null = null;
  try {
    head = await chainClient.getBlock({ blockTag: "latest" });
  } catch {
    head = null;
  }
  const behind =
    head && head.number > BigInt(indexed.number)
      ? Math.max(0, Number(head.timestamp) - indexed.timestamp)
      : 0;
  const body: IndexerSync = {
    indexedBlock: String(indexed.number),
    indexedTimestamp: indexed.timestamp,
    chainBlock: head ? head.number.toString() : null,
    chainTimestamp: head ? Number(head.timestamp) : null,
    behindSeconds: behind,
  };
  return c.json(body);
});

app.notFound((c) => c.json({ statusCode: 404, message: "Not found" }, 404));

export default app;
