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
