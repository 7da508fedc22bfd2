/**
 * Rows of the indexer's tables -> the JSON of packages/sdk/src/entities/history.ts, and the CSV
 * export. Pure functions (the routes in ./index.ts query, these shape).
 */
import {
  epochRateToApy,
  formatPercent,
  isRequestPartEvent,
  isUsdcEventAmount,
  requestParts,
  SHARE_DECIMALS,
  shareAmongParts,
  toCsv,
  transactions as copy,
  USDC_DECIMALS,
} from "@lending/sdk";
import { formatUnits } from "viem";
import type {
  DepositRecord,
  HistoryFixedTerm,
  HistoryItem,
  HistoryLoss,
  PoolLoss,
  HistoryEvent,
  HistoryEventType,
  HistoryRequestStatus,
  HistoryTransaction,
} from "../../../sdk/src/entities/history";
import type {
  depositRecord,
  fixedTermEvent,
  lenderLoss,
  loss as lossTable,
  trancheLoss as trancheLossTable,
  pool as poolTable,
  request,
  requestEvent,
  tranche as trancheTable,
} from "../../ponder.schema";

export type RequestRow = typeof request.$inferSelect;
export type EventRow = typeof requestEvent.$inferSelect;
export type PoolRow = typeof poolTable.$inferSelect;
export type TrancheRow = typeof trancheTable.$inferSelect;
export type DepositRecordRow = typeof depositRecord.$inferSelect;
export type LossRow = typeof lossTable.$inferSelect;
export type TrancheLossRow = typeof trancheLossTable.$inferSelect;
export type LenderLossRow = typeof lenderLoss.$inferSelect;
export type FixedTermEventRow = typeof fixedTermEvent.$inferSelect;

/** APY fraction as a short decimal string ("0.1097"), 6 decimals at most. */
export function apyString(epochInterestRate: bigint): string {
  return String(Number(epochRateToApy(epochInterestRate).toFixed(6)));
}

/** Spec status from the stored state and the pool's clearing progress. */
export function requestStatus(row: RequestRow, pool: PoolRow | undefined): HistoryRequestStatus {
  if (row.state === "Cancelled") return "Cancelled";
  if (row.state === "Settled") return "Processed";
  const cleared = pool?.lastClearedEpoch;
  if (cleared !== null && cleared !== undefined && row.epoch <= cleared) return "Processed";
  // queued by the pool manager: not the lender's request to cancel
  return row.forced ? "Forced" : "Requested";
}

export type Lookup = {
  pools: Map<string, PoolRow>;
  tranches: Map<string, TrancheRow>;
  chainId: number;
};

export const trancheKey = (poolId: bigint, trancheId: bigint) => `${poolId}-${trancheId}`;

export function makeLookup(pools: PoolRow[], tranches: TrancheRow[], chainId: number): Lookup {
  return {
    pools: new Map(pools.map((p) => [p.poolId.toString(), p])),
    tranches: new Map(tranches.map((t) => [trancheKey(t.poolId, t.trancheId), t])),
    chainId,
  };
}

export function toHistoryEvent(e: EventRow): HistoryEvent {
  return {
    id: e.id,
    type: e.type as HistoryEventType,
    epochId: e.epoch.toString(),
    amount: e.amount.toString(),
    shares: e.shares === null ? null : e.shares.toString(),
    value: e.value === null ? null : e.value.toString(),
    toTrancheId: e.toTrancheId === null ? null : Number(e.toTrancheId),
    timestamp: Number(e.timestamp),
    blockNumber: e.blockNumber.toString(),
    transactionHash: e.transactionHash.toLowerCase(),
    remainingQueuedAmount: e.remainingQueued === null ? null : e.remainingQueued.toString(),
  };
}

export function toHistoryTransaction(
  row: RequestRow,
  events: EventRow[],
  lookup: Lookup,
): HistoryTransaction {
  const pool = lookup.pools.get(row.poolId.toString());
  const tranche = lookup.tranches.get(trancheKey(row.poolId, row.trancheId));
  const status = requestStatus(row, pool);
  return {
    id: `${lookup.chainId}-${row.nftId}`,
    type: row.kind,
    nftId: row.nftId.toString(),
    owner: row.owner.toLowerCase(),
    poolId: row.poolId.toString(),
    poolName: pool?.name ?? "",
    trancheId: Number(row.trancheId),
    trancheName: tranche?.name ?? "",
    requestedAmount: row.amount.toString(),
    requestedValue: row.requestedValue.toString(),
    apy: apyString(row.epochInterestRate),
    fixedTermConfigId: Number(row.fixedTermConfigId),
    fixedTermWeeks: row.fixedTermEpochs === null ? null : Number(row.fixedTermEpochs),
    epochId: row.epoch.toString(),
    requestTimestamp: Number(row.requestTimestamp),
    requestStatus: status,
    canCancel: status === "Requested",
    lastTransactionDate: Number(row.lastEventTimestamp),
    events: events.map(toHistoryEvent),
    subsequentTransactions: [],
  };
}

export function toDepositRecord(r: DepositRecordRow, lookup: Lookup): DepositRecord {
  return {
    id: r.id,
    nftId: r.nftId.toString(),
    epochId: r.epoch.toString(),
    requestTimestamp: Number(r.requestTimestamp),
    acceptedAmount: r.acceptedAmount.toString(),
    rejectedAmount: r.rejectedAmount.toString(),
    reallocatedOutAmount: r.reallocatedOutAmount.toString(),
    reallocatedInAmount: r.reallocatedInAmount.toString(),
    transactionHash: r.transactionHash.toLowerCase(),
    trancheName: lookup.tranches.get(trancheKey(r.poolId, r.trancheId))?.name ?? "",
    apy: apyString(r.epochInterestRate),
    poolName: lookup.pools.get(r.poolId.toString())?.name ?? "",
  };
}

/** One lender's rows of one loss (one per tranche) -> the history's Loss row. */
export function toHistoryLoss(loss: LossRow, rows: LenderLossRow[], lookup: Lookup): HistoryLoss {
  const tranches = [...rows]
    .sort((a, b) => Number(a.trancheId - b.trancheId))
    .map((r) => ({
      trancheId: Number(r.trancheId),
      trancheName: lookup.tranches.get(trancheKey(r.poolId, r.trancheId))?.name ?? "",
      shares: r.shares.toString(),
      variableBefore: r.variableBefore.toString(),
      variableAfter: r.variableAfter.toString(),
      fixedTermBefore: r.fixedBefore.toString(),
      fixedTermAfter: r.fixedAfter.toString(),
      change: (r.variableAfter + r.fixedAfter - r.variableBefore - r.fixedBefore).toString(),
    }));
  return {
    id: `loss-${lookup.chainId}-${loss.id}`,
    type: "Loss",
    owner: (rows[0]?.owner ?? "").toLowerCase(),
    poolId: loss.poolId.toString(),
    poolName: lookup.pools.get(loss.poolId.toString())?.name ?? "",
    poolLoss: loss.amount.toString(),
    change: tranches.reduce((s, t) => s + BigInt(t.change), 0n).toString(),
    tranches,
    timestamp: Number(loss.timestamp),
    blockNumber: loss.blockNumber.toString(),
    transactionHash: loss.transactionHash.toLowerCase(),
  };
}

/** A fixed-term lock event -> its history row. */
export function toHistoryFixedTerm(r: FixedTermEventRow, lookup: Lookup): HistoryFixedTerm {
  return {
    id: `fixed-${lookup.chainId}-${r.id}`,
    type: "FixedTerm",
    event: r.type,
    lockId: r.lockId.toString(),
    owner: r.owner.toLowerCase(),
    poolId: r.poolId.toString(),
    poolName: lookup.pools.get(r.poolId.toString())?.name ?? "",
    trancheId: Number(r.trancheId),
    trancheName: lookup.tranches.get(trancheKey(r.poolId, r.trancheId))?.name ?? "",
    amount: r.assets.toString(),
    returnedValue: r.returnedValue === null ? null : r.returnedValue.toString(),
    apy: apyString(r.epochInterestRate),
    endEpoch: r.endEpoch.toString(),
    releaseTime: Number(r.releaseTime),
    timestamp: Number(r.timestamp),
    blockNumber: r.blockNumber.toString(),
    transactionHash: r.transactionHash.toLowerCase(),
  };
}

/** A pool's loss with what each tranche lost. */
export function toPoolLoss(loss: LossRow, tranches: TrancheLossRow[], lookup: Lookup): PoolLoss {
  return {
    id: loss.id,
    poolId: loss.poolId.toString(),
    poolName: lookup.pools.get(loss.poolId.toString())?.name ?? "",
    amount: loss.amount.toString(),
    tranches: tranches
      .filter((t) => t.lossId === loss.id && t.valueBefore !== t.valueAfter)
      .sort((a, b) => Number(a.trancheId - b.trancheId))
      .map((t) => ({
        trancheId: Number(t.trancheId),
        trancheName: lookup.tranches.get(trancheKey(t.poolId, t.trancheId))?.name ?? "",
        valueBefore: t.valueBefore.toString(),
        valueAfter: t.valueAfter.toString(),
      })),
    timestamp: Number(loss.timestamp),
    blockNumber: loss.blockNumber.toString(),
    transactionHash: loss.transactionHash.toLowerCase(),
  };
}

/**
 * Newest first: requests by request time, losses and fixed-term events by block time (on a tie:
 * a loss, then fixed-term events newest block first, then requests newest id first).
 */
export function itemTime(item: HistoryItem): number {
  if (item.type === "Loss" || item.type === "FixedTerm") return item.timestamp;
  return item.requestTimestamp;
}

const tieRank = (i: HistoryItem) => (i.type === "Loss" ? 0 : i.type === "FixedTerm" ? 1 : 2);

export function newestItemsFirst(a: HistoryItem, b: HistoryItem): number {
  const d = itemTime(b) - itemTime(a);
  if (d !== 0) return d;
  const r = tieRank(a) - tieRank(b);
  if (r !== 0) return r;
  if (a.type === "FixedTerm" && b.type === "FixedTerm") {
    return Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)) || b.id.localeCompare(a.id);
  }
  if (a.type === "Loss" || b.type === "Loss" || a.type === "FixedTerm" || b.type === "FixedTerm") {
    return 0;
  }
  return Number(BigInt(b.nftId) - BigInt(a.nftId));
}

/** The CSV export's named columns, in order. */
export const CSV_COLUMNS = [
  "Type",
  "NFT ID",
  "Pool",
  "Tranche",
  "Requested amount",
  "Unit",
  "APY",
  "Fixed term (weeks)",
  "Epoch",
  "Request time (UTC)",
  "Status",
  "Accepted (USDC)",
  "Rejected",
  "Reallocated (USDC)",
  "Last transaction (UTC)",
  "Request transaction",
  "Requested (USDC at request time)",
  "Paid (USDC)",
  "Lock ID",
  "Fixed until (UTC)",
  "Part",
] as const;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * A loss's CSV row: its change (negative USDC) as the amount, the tranches it hit, the report's
 * transaction.
 */
function lossCsvRow(l: HistoryLoss): string[] {
  return [
    "Loss",
    "",
    l.poolName,
    l.tranches.map((t) => t.trancheName).join(" / "),
    formatUnits(BigInt(l.change), USDC_DECIMALS),
    "USDC",
    "",
    "",
    "",
    iso(l.timestamp),
    "Reported",
    "",
    "",
    "",
    iso(l.timestamp),
    l.transactionHash,
    "",
    "",
    "",
    "",
    "",
  ];
}

const usdcText = (v: bigint) => formatUnits(v, USDC_DECIMALS);

/**
 * A fixed-term event's CSV row: its type in words, the USDC it concerns as the amount, its date
 * as both times, and the date its funds are released ("Fixed until").
 */
function fixedTermCsvRow(f: HistoryFixedTerm): string[] {
  const paid = f.event === "PaidAtExpiry" ? usdcText(BigInt(f.amount)) : "";
  return [
    copy.fixedTermTypes[f.event],
    "",
    f.poolName,
    f.trancheName,
    usdcText(BigInt(f.amount)),
    "USDC",
    formatPercent(Number(f.apy)),
    "",
    f.endEpoch,
    iso(f.timestamp),
    f.event === "PaidAtExpiry"
      ? "Paid"
      : f.event === "WithdrawAtExpiryRequested"
        ? "Requested"
        : "Processed",
    "",
    "",
    "",
    iso(f.timestamp),
    f.transactionHash,
    f.event === "FixApy" || f.event === "FixedDeposit" ? usdcText(BigInt(f.amount)) : "",
    paid,
    f.lockId,
    iso(f.releaseTime),
    "",
  ];
}

/**
 * A request's CSV rows: one per request the lender made, as My Transactions shows them (issue 23
 * item 7: same-epoch requests are one request on chain, `requestParts` splits them). Each part
 * has its own amount (in its unit), time, transaction and USDC value when requested; a part
 * cancelled alone shows Cancelled; what clearing accepted, rejected, reallocated and paid is
 * shared among the parts left as the SDK shares the USDC paid (`shareAmongParts`). Amounts are
 * plain decimals of their unit (USDC or shares).
 */
function requestCsvRows(t: HistoryTransaction): string[][] {
  const events = t.events.map((e) => ({
    ...e,
    amount: BigInt(e.amount),
    value: e.value === null ? null : BigInt(e.value),
  }));
  const made = events.filter((e) => isRequestPartEvent(e.type));
  const parts = requestParts({ type: t.type, requestedValue: BigInt(t.requestedValue), events });
  const amount = (type: HistoryEventType, value: bigint) =>
    formatUnits(value, isUsdcEventAmount(t.type, type) ? USDC_DECIMALS : SHARE_DECIMALS);
  const total = (type: HistoryEventType) =>
    events.filter((e) => e.type === type).reduce((s, e) => s + e.amount, 0n);
  const row = (part: {
    amount: bigint;
    value: bigint;
    timestamp: number;
    transactionHash: string;
    status: string;
    accepted: bigint;
    rejected: bigint;
    reallocated: bigint;
    label: string;
  }) => [
    t.type,
    t.nftId,
    t.poolName,
    t.trancheName,
    amount("Request", part.amount),
    isUsdcEventAmount(t.type, "Request") ? "USDC" : "shares",
    formatPercent(Number(t.apy)),
    t.fixedTermWeeks === null ? "" : String(t.fixedTermWeeks),
    t.epochId,
    iso(part.timestamp),
    part.status,
    amount("Accepted", part.accepted),
    amount("Rejected", part.rejected),
    amount("Reallocated", part.reallocated),
    iso(t.lastTransactionDate),
    part.transactionHash,
    usdcText(part.value),
    t.type === "Withdrawal" ? amount("Accepted", part.accepted) : "",
    "",
    "",
    part.label,
  ];
  if (parts.length === 0) {
    // no request event indexed: the request's own figures
    return [
      row({
        amount: BigInt(t.requestedAmount),
        value: BigInt(t.requestedValue),
        timestamp: t.requestTimestamp,
        transactionHash: "",
        status: t.requestStatus,
        accepted: total("Accepted"),
        rejected: total("Rejected"),
        reallocated: total("Reallocated"),
        label: "",
      }),
    ];
  }
  const share = (type: HistoryEventType) => shareAmongParts(parts, total(type));
  const [accepted, rejected, reallocated] = [
    share("Accepted"),
    share("Rejected"),
    share("Reallocated"),
  ];
  return parts.map((p, i) =>
    row({
      amount: p.amount,
      value: p.value,
      timestamp: p.timestamp,
      transactionHash: made[i]!.transactionHash,
      status: p.cancelled ? "Cancelled" : t.requestStatus,
      accepted: accepted[i] ?? 0n,
      rejected: rejected[i] ?? 0n,
      reallocated: reallocated[i] ?? 0n,
      label: parts.length > 1 ? `${i + 1} of ${parts.length}` : "",
    }),
  );
}

/** A history item's CSV rows: one per loss or fixed-term event, one per part of a request. */
export function toCsvRows(t: HistoryItem): string[][] {
  if (t.type === "Loss") return [lossCsvRow(t)];
  if (t.type === "FixedTerm") return [fixedTermCsvRow(t)];
  return requestCsvRows(t);
}

export function historyCsv(transactions: HistoryItem[]): string {
  return toCsv(CSV_COLUMNS, transactions.flatMap(toCsvRows));
}
