/** Timing constants of spec section 9, in milliseconds unless named otherwise. */
export const EPOCH_DURATION_SECONDS = 7 * 24 * 3600;
export const CLEARING_PERIOD_SECONDS = 2 * 24 * 3600;
/** Signed-message timestamps must be within this window of the server's clock. */
export const SIGNATURE_FRESHNESS_MS = 5 * 60_000;
/** A generated loan contract expires after 5 minutes. */
export const LOAN_CONTRACT_VALIDITY_MS = 5 * 60_000;
/** Borrower decision window (opt in / opt out): 2 days. */
export const BORROWER_DECISION_WINDOW_MS = 2 * 24 * 3600_000;
/** Fix APY is closed within 2 days of the epoch end. */
export const FIX_APY_LOCKOUT_MS = 2 * 24 * 3600_000;
export const DEBOUNCE_SWAP_MS = 500;
export const DEBOUNCE_DEFAULT_MS = 1000;
export const SCROLL_DEBOUNCE_MS = 100;
export const CLOCK_TICK_MS = 1000;
export const KYC_SUCCESS_COUNTDOWN_S = 10;
export const BALANCE_REFRESH_MS = 60_000;
export const RETRY_MAX = 5;
export const RETRY_DELAY_MS = 2000;

/**
 * Lend amount validation debounce: 500 ms for a non-USDC token, 1 s for USDC.
 *
 * @example validationDebounceMs("ETH") // 500
 */
export function validationDebounceMs(tokenSymbol: string): number {
  return tokenSymbol === "USDC" ? DEBOUNCE_DEFAULT_MS : DEBOUNCE_SWAP_MS;
}

/**
 * Whether the fix-APY form is replaced by the countdown message: the next epoch starts within
 * 2 days.
 *
 * @example isFixApyLockedOut(nowMs + 86_400_000, nowMs) // true
 */
export function isFixApyLockedOut(nextEpochStartMs: number, nowMs: number): boolean {
  return nextEpochStartMs - nowMs <= FIX_APY_LOCKOUT_MS;
}

/**
 * Whether a signed timestamp (ms) is fresh at `nowMs`: at most 5 minutes old and not more than
 * 5 minutes in the future.
 *
 * @example isFreshSignatureTimestamp(Date.now(), Date.now()) // true
 */
export function isFreshSignatureTimestamp(timestampMs: number, nowMs: number): boolean {
  return (
    Number.isSafeInteger(timestampMs) && Math.abs(nowMs - timestampMs) <= SIGNATURE_FRESHNESS_MS
  );
}

/**
 * A fixed-term lock duration in epochs as the UI shows it: "about N weeks" (an epoch is 7 days).
 *
 * @example formatEpochLockDuration(26n) // "about 26 weeks"
 */
export function formatEpochLockDuration(epochs: bigint | number): string {
  const n = Number(epochs);
  return `about ${n} ${n === 1 ? "week" : "weeks"}`;
}

/**
 * Time left in the borrower decision window (ms, never negative): 2 days after creation.
 *
 * @example decisionTimeLeftMs(createdMs, createdMs + 86_400_000) // 86_400_000
 */
export function decisionTimeLeftMs(createdAtMs: number, nowMs: number): number {
  return Math.max(0, createdAtMs + BORROWER_DECISION_WINDOW_MS - nowMs);
}

/**
 * Start of the UTC day of a timestamp (the loan tickets' daily group id).
 *
 * @example dailyGroupId(Date.UTC(2026, 10, 21, 15)) // Date.UTC(2026, 10, 21)
 */
export function dailyGroupId(createdOnMs: number): number {
  return createdOnMs - (((createdOnMs % 86_400_000) + 86_400_000) % 86_400_000);
}

const BIGINT_EPOCH = BigInt(EPOCH_DURATION_SECONDS);
const BIGINT_CLEARING = BigInt(CLEARING_PERIOD_SECONDS);

/**
 * The epoch a request made at `timestampSec` belongs to, as the chain decides it (EpochMath and
 * `requestEpoch()`): the epoch containing the time, or the next one during its clearing period
 * (the last 2 days of an epoch).
 *
 * @example requestEpochAt(0, 5 * 86_400) // 1n (day 5 is in epoch 0's clearing period)
 */
export function requestEpochAt(genesisSec: number | bigint, timestampSec: number | bigint): bigint {
  const elapsed = BigInt(timestampSec) - BigInt(genesisSec);
  if (elapsed < 0n) return 0n;
  const epoch = elapsed / BIGINT_EPOCH;
  const clearing = elapsed % BIGINT_EPOCH >= BIGINT_EPOCH - BIGINT_CLEARING;
  return epoch + (clearing ? 1n : 0n);
}

/**
 * When the clearing that processes a request made at `timestampSec` starts (unix seconds): the
 * clearing period of the request's epoch ({@link requestEpochAt}). A request made during a
 * clearing period belongs to the next epoch, so it is processed a week later.
 *
 * @example requestClearingStart(0, 86_400) // 432_000 (day 5: this epoch's clearing)
 * @example requestClearingStart(0, 5 * 86_400) // 1_036_800 (day 12: the next epoch's)
 */
export function requestClearingStart(
  genesisSec: number | bigint,
  timestampSec: number | bigint,
): number {
  const epoch = requestEpochAt(genesisSec, timestampSec);
  return Number(BigInt(genesisSec) + (epoch + 1n) * BIGINT_EPOCH - BIGINT_CLEARING);
}

/**
 * When the clearing that processes a request still waiting at `nowSec` starts (unix seconds): its
 * own epoch's clearing ({@link requestClearingStart}), or, once that epoch is over and the request
 * still waits (a queued withdrawal is carried over), the clearing of the epoch containing now.
 * During a clearing period this is that clearing's start, already past: the request is being
 * processed.
 *
 * @example pendingRequestClearingStart(0, 86_400, 86_400) // 432_000 (this epoch's clearing)
 * @example pendingRequestClearingStart(0, 86_400, 8 * 86_400) // 1_036_800 (carried over)
 */
export function pendingRequestClearingStart(
  genesisSec: number | bigint,
  requestSec: number | bigint,
  nowSec: number | bigint,
): number {
  const own = requestEpochAt(genesisSec, requestSec);
  const elapsed = BigInt(nowSec) - BigInt(genesisSec);
  const current = elapsed < 0n ? 0n : elapsed / BIGINT_EPOCH;
  const epoch = own > current ? own : current;
  return Number(BigInt(genesisSec) + (epoch + 1n) * BIGINT_EPOCH - BIGINT_CLEARING);
}

/**
 * The chain's epoch genesis (unix seconds) from what the clearing banner reads: the current
 * epoch and the start of the next one.
 *
 * @example genesisFromEpochTimes({ currentEpoch: 2n, nextEpochStart: 3 * 604_800 }) // 0
 */
export function genesisFromEpochTimes(t: { currentEpoch: bigint; nextEpochStart: number }): number {
  return t.nextEpochStart - Number(t.currentEpoch + 1n) * EPOCH_DURATION_SECONDS;
}

/**
 * When epoch `epoch`'s clearing period opens (unix seconds): the last 2 days of the epoch. From
 * then on `clear` may process it (the keeper; during an incident only the pool manager).
 *
 * @example clearingOpensAt(0n, 0n) // 432_000n (day 5)
 */
export function clearingOpensAt(genesisSec: bigint, epoch: bigint): bigint {
  return genesisSec + (epoch + 1n) * BIGINT_EPOCH - BIGINT_CLEARING;
}

/**
 * How many epochs from `nextEpochToClear` on have their clearing period open at `nowSec` (0: none
 * is due), and whether the oldest one's clearing period is already over (overdue: nobody cleared
 * it in time).
 *
 * @example epochsDue(0n, 0n, 432_000n) // { due: 1, overdue: false }
 */
export function epochsDue(
  genesisSec: bigint,
  nextEpochToClear: bigint,
  nowSec: bigint,
): { due: number; overdue: boolean } {
  const opens = clearingOpensAt(genesisSec, nextEpochToClear);
  if (nowSec < opens) return { due: 0, overdue: false };
  return {
    due: Number((nowSec - opens) / BIGINT_EPOCH) + 1,
    overdue: nowSec >= opens + BIGINT_CLEARING,
  };
}
