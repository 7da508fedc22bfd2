/**
 * Display rules of the lender's history (spec section 4 "Request events", "Cancel deposit /
 * cancel withdrawal"): the status a request and each of its events show, and which events are
 * labelled delegate initiated. Amounts are bigints (the web app parses the API's strings).
 */
import { isDelegateInitiated, withdrawalStatusLabel, type WithdrawalStatusLabel } from "./requests";

/** Rows per page of the my-transactions table (the server serves page by page). */
export const HISTORY_PAGE_SIZE = 10;

/** What a request's status column shows. */
export type HistoryStatusLabel =
  "Requested" | "Processed" | "Cancelled" | "Queued" | WithdrawalStatusLabel;

/** What an event's status column shows: a status label, or the event's own type. */
export type HistoryEventStatusLabel =
  HistoryStatusLabel | "Accepted" | "Rejected" | "Reallocated" | "Settled";

interface StatusEvent {
  type: string;
  remainingQueuedAmount: bigint | null;
}

/** The newest known remaining queued amount of a withdrawal, or null when no event carries one. */
export function lastRemainingQueued(events: readonly StatusEvent[]): bigint | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const r = events[i]!.remainingQueuedAmount;
    if (r !== null) return r;
  }
  return null;
}

/**
 * A request's status label: deposits show their request status; withdrawals show Requested,
 * Forced, or full or partial accepted from the remaining queued amount (0 or less is full);
 * cancelled and queued requests show as such.
 *
 * @example historyStatusLabel({ type: "Withdrawal", requestStatus: "Processed", events: [{ type: "Accepted", remainingQueuedAmount: 5n }] })
 * // "Partially Accepted"
 */
export function historyStatusLabel(request: {
  type: "Deposit" | "Withdrawal";
  requestStatus: "Requested" | "Processed" | "Cancelled" | "Forced" | "Queued";
  events: readonly StatusEvent[];
}): HistoryStatusLabel {
  const { requestStatus } = request;
  if (request.type === "Deposit") return requestStatus === "Forced" ? "Processed" : requestStatus;
  if (requestStatus === "Cancelled" || requestStatus === "Queued") return requestStatus;
  return withdrawalStatusLabel(requestStatus, lastRemainingQueued(request.events) ?? 0n);
}

/**
 * An event's status label: a request or an increase is Requested, a withdrawal's Accepted event is
 * full or partial accepted by what remains queued after it, a forced one Forced; any other event
 * shows its type.
 *
 * @example historyEventStatusLabel("Withdrawal", { type: "Accepted", remainingQueuedAmount: 0n }) // "Fully Accepted"
 */
export function historyEventStatusLabel(
  requestType: "Deposit" | "Withdrawal",
  event: StatusEvent,
): HistoryEventStatusLabel {
  switch (event.type) {
    case "Request":
    case "Increase":
      return "Requested";
    case "Cancelled":
    case "PartCancelled":
      return "Cancelled";
    case "Forced":
      return "Forced";
    case "Accepted":
      return requestType === "Withdrawal"
        ? withdrawalStatusLabel("Accepted", event.remainingQueuedAmount ?? 0n)
        : "Accepted";
    case "Rejected":
    case "Reallocated":
    case "Settled":
      return event.type;
    default:
      return "Processed";
  }
}

/**
 * Whether an event of a forced withdrawal is labelled delegate initiated: within 30 days of the
 * request's first event (times in unix seconds). Deposits and ordinary withdrawals never are.
 *
 * @example isDelegateInitiatedEvent({ type: "Withdrawal", requestStatus: "Forced", events }, events[1]!)
 */
export function isDelegateInitiatedEvent(
  request: {
    type: "Deposit" | "Withdrawal";
    requestStatus: string;
    events: readonly { timestamp: number; type: string }[];
  },
  event: { timestamp: number; type: string },
): boolean {
  if (request.type !== "Withdrawal") return false;
  const forced =
    request.requestStatus === "Forced" || request.events.some((e) => e.type === "Forced");
  if (!forced) return false;
  const first = Math.min(...request.events.map((e) => e.timestamp));
  return isDelegateInitiated(event.timestamp * 1000, first * 1000);
}

/** Tranche shares have 12 decimals. */
export const SHARE_DECIMALS = 12;

/**
 * Whether an event's `amount` is USDC (true) or tranche shares: every deposit amount is USDC; a
 * withdrawal's Accepted and Settled events carry the USDC paid, its other events shares.
 *
 * @example isUsdcEventAmount("Withdrawal", "Request") // false
 */
export function isUsdcEventAmount(
  requestType: "Deposit" | "Withdrawal",
  eventType: string,
): boolean {
  return requestType === "Deposit" || eventType === "Accepted" || eventType === "Settled";
}

interface MoneyEvent {
  type: string;
  amount: bigint;
  /** Withdrawal Request/Increase: USDC value of its shares at its block. */
  value: bigint | null;
  timestamp: number;
}

/** One request as the lender made it (a same-epoch withdrawal grows one on-chain request). */
export interface RequestPart {
  /** Deposits: USDC; withdrawals: shares. */
  amount: bigint;
  /** USDC at request time. */
  value: bigint;
  timestamp: number;
  /** Withdrawals: its pro-rata part of the USDC paid (by shares), null until any is paid. */
  paid: bigint | null;
  /** The lender cancelled this part alone (`cancelRequestPart`); the others stay queued. */
  cancelled: boolean;
}

/** Whether an event is one of the requests the lender made (a Request or a same-epoch Increase). */
export function isRequestPartEvent(type: string): boolean {
  return type === "Request" || type === "Increase";
}

/**
 * Shares `total` among a request's parts pro rata by their amount: a part cancelled alone takes
 * none (null); each other part its share rounded down, the last of them the rest, so the shares
 * add up to `total` to the unit.
 *
 * @example shareAmongParts([{ amount: 1n, cancelled: false }, { amount: 2n, cancelled: false }], 301n) // [100n, 201n]
 */
export function shareAmongParts(
  parts: readonly { amount: bigint; cancelled: boolean }[],
  total: bigint,
): (bigint | null)[] {
  const shares = parts.reduce((s, p) => (p.cancelled ? s : s + p.amount), 0n);
  let lastLive = -1;
  parts.forEach((p, i) => {
    if (!p.cancelled) lastLive = i;
  });
  let left = total;
  return parts.map((p, i) => {
    if (p.cancelled) return null;
    const share = i === lastLive || shares === 0n ? left : (total * p.amount) / shares;
    left -= share;
    return share;
  });
}

/**
 * Which of a request's parts (its Request and Increase events, in order) each PartCancelled
 * event cancelled: the chain cancels an amount, the app sends the amount of the row the lender
 * chose, so the part is the newest not yet cancelled one of exactly that amount (parts of equal
 * amount are alike on chain: same request, level and age).
 *
 * @example cancelledParts([{ type: "Request", amount: 5n }, { type: "Increase", amount: 3n }, { type: "PartCancelled", amount: 5n }]) // [true, false]
 */
export function cancelledParts(events: readonly { type: string; amount: bigint }[]): boolean[] {
  const made: bigint[] = [];
  const cancelled: boolean[] = [];
  for (const e of events) {
    if (isRequestPartEvent(e.type)) {
      made.push(e.amount);
      cancelled.push(false);
    } else if (e.type === "PartCancelled") {
      for (let i = made.length - 1; i >= 0; i--) {
        if (!cancelled[i] && made[i] === e.amount) {
          cancelled[i] = true;
          break;
        }
      }
    }
  }
  return cancelled;
}

/**
 * The requests a request NFT is made of, in order: its Request and each Increase (several
 * requests of one epoch and tranche are one request on chain), each marked cancelled when the
 * lender cancelled it alone. A withdrawal's USDC paid is shared pro rata by shares among the
 * parts not cancelled (rounded down, the last of them takes the rest), so they add up to the
 * unit.
 *
 * @example requestParts({ type: "Withdrawal", requestedValue: 0n, events: [{ type: "Request", amount: 1n, value: 2n, timestamp: 1 }] })[0]?.value // 2n
 */
export function requestParts(tx: {
  type: "Deposit" | "Withdrawal";
  requestedValue: bigint;
  events: readonly MoneyEvent[];
}): RequestPart[] {
  const made = tx.events.filter((e) => isRequestPartEvent(e.type));
  const cancelled = cancelledParts(tx.events);
  const parts = made.map((e, i) => ({ amount: e.amount, cancelled: cancelled[i] ?? false }));
  const paidTotal = withdrawalPaid(tx);
  const paid = paidTotal === null ? null : shareAmongParts(parts, paidTotal);
  return made.map((e, i) => ({
    amount: e.amount,
    value: tx.type === "Deposit" ? e.amount : (e.value ?? 0n),
    timestamp: e.timestamp,
    paid: paid?.[i] ?? null,
    cancelled: parts[i]!.cancelled,
  }));
}

/**
 * What a withdrawal's shares still queued after its event `index` were worth when requested, in
 * USDC (issue 23 item 7: amounts in USDC, never re-priced): the queued shares at the value per
 * share of the parts made and not cancelled by then (each valued at its own block). When no part
 * is known yet (a forced withdrawal's own event), the request's value per share. Null when the
 * event carries no remaining queued amount, for deposits, or when no value is known.
 *
 * @example remainingQueuedValue({ type: "Withdrawal", requestedAmount: 2n, requestedValue: 4n, events: [{ type: "Request", amount: 2n, value: 4n, timestamp: 1, remainingQueuedAmount: 2n }] }, 0) // 4n
 */
export function remainingQueuedValue(
  tx: {
    type: "Deposit" | "Withdrawal";
    requestedAmount: bigint;
    requestedValue: bigint;
    events: readonly (MoneyEvent & { remainingQueuedAmount: bigint | null })[];
  },
  index: number,
): bigint | null {
  const remaining = tx.events[index]?.remainingQueuedAmount ?? null;
  if (tx.type !== "Withdrawal" || remaining === null) return null;
  if (remaining <= 0n) return 0n;
  const upTo = tx.events.slice(0, index + 1);
  // indexed before values were: shares only, never a made-up 0
  if (upTo.some((e) => isRequestPartEvent(e.type) && e.value === null)) return null;
  const live = requestParts({ ...tx, events: upTo }).filter((p) => !p.cancelled);
  const shares = live.reduce((s, p) => s + p.amount, 0n);
  if (shares > 0n) return (remaining * live.reduce((s, p) => s + p.value, 0n)) / shares;
  if (tx.requestedAmount > 0n) return (remaining * tx.requestedValue) / tx.requestedAmount;
  return null;
}

/** USDC a withdrawal paid (its Accepted events), or null when nothing was paid yet. */
export function withdrawalPaid(tx: {
  type: "Deposit" | "Withdrawal";
  events: readonly { type: string; amount: bigint }[];
}): bigint | null {
  if (tx.type !== "Withdrawal") return null;
  const accepted = tx.events.filter((e) => e.type === "Accepted");
  return accepted.length === 0 ? null : accepted.reduce((s, e) => s + e.amount, 0n);
}
