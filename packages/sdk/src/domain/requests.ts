/** Request and event vocabulary of the history views (spec section 4). */

export type RequestEventType = "Request" | "Accepted" | "Rejected" | "Reallocated";
export type RequestType = "Deposit" | "Withdrawal";

/** A withdrawal's status label. */
export type WithdrawalStatusLabel =
  "Requested" | "Forced" | "Fully Accepted" | "Partially Accepted";

/**
 * Withdrawal status: Requested and Forced as they are; otherwise fully accepted when nothing
 * remains queued (remaining amount 0 or less), partially accepted otherwise.
 *
 * @example withdrawalStatusLabel("Accepted", 0n) // "Fully Accepted"
 */
export function withdrawalStatusLabel(
  status: string,
  remainingQueuedAmount: bigint,
): WithdrawalStatusLabel {
  if (status === "Requested") return "Requested";
  if (status === "Forced") return "Forced";
  return remainingQueuedAmount <= 0n ? "Fully Accepted" : "Partially Accepted";
}

/** Request status: Processed means cleared; Queued means awaiting a delegate decision. */
export type RequestStatus = "Requested" | "Processed" | "Queued" | "Cancelled";

const DAY_MS = 86_400_000;
/** Withdrawal events within 30 days of the first event are delegate initiated. */
export const DELEGATE_INITIATED_WINDOW_MS = 30 * DAY_MS;

/**
 * Whether a withdrawal event is labelled delegate initiated: within 30 days of the request's
 * first event.
 *
 * @example isDelegateInitiated(firstMs + 29 * 86_400_000, firstMs) // true
 */
export function isDelegateInitiated(
  eventTimestampMs: number,
  firstEventTimestampMs: number,
): boolean {
  const delta = eventTimestampMs - firstEventTimestampMs;
  return delta >= 0 && delta <= DELEGATE_INITIATED_WINDOW_MS;
}

/**
 * Cancel is offered only for a request in status Requested whose canCancel flag is true.
 *
 * @example canOfferCancel({ requestStatus: "Requested", canCancel: true }) // true
 */
export function canOfferCancel(request: { requestStatus: string; canCancel: boolean }): boolean {
  return request.requestStatus === "Requested" && request.canCancel;
}

/** Subsequent actions of a loan ticket decision. */
export type SubsequentAction = "emailSent" | "optedIn" | "optedOut" | "fundsReturned";
