/**
 * A tranche's deposit limits for one user this epoch and why it shows as Oversubscribed: apart
 * from ./validation (its errors and copy), so a page that only shows the tranches (the pool
 * cards) reads these without the lend form's validation.
 */
import { pools } from "../i18n";

/** One USDC in smallest units. */
export const ONE_USDC = 1_000_000n;

export interface TrancheDepositLimits {
  minimum: bigint;
  maximum: bigint;
  /** maximum is 0: the tranche cannot be selected this epoch */
  oversubscribed: boolean;
}

/**
 * A tranche's minimum and maximum for a user this epoch: the tranche limits minus what the user
 * already deposited this epoch; after a deposit the minimum becomes 1 USDC. A maximum of 0 is
 * Oversubscribed.
 *
 * @example trancheDepositLimits({ minimumDeposit: 100_000_000n, maximumDeposit: 1_000_000_000n, depositedThisEpoch: 200_000_000n })
 * // { minimum: 1_000_000n, maximum: 800_000_000n, oversubscribed: false }
 */
export function trancheDepositLimits(args: {
  minimumDeposit: bigint;
  maximumDeposit: bigint;
  depositedThisEpoch: bigint;
}): TrancheDepositLimits {
  const { minimumDeposit, maximumDeposit, depositedThisEpoch } = args;
  const maximum = maximumDeposit > depositedThisEpoch ? maximumDeposit - depositedThisEpoch : 0n;
  const minimum = depositedThisEpoch > 0n ? ONE_USDC : minimumDeposit;
  return { minimum, maximum, oversubscribed: maximum === 0n };
}

/**
 * Whether a tranche shows as Oversubscribed (disabled, with the tooltip) for a user: the room left
 * to them this epoch, the tranche maximum minus what they already deposited this epoch
 * (getCurrentEpochDepositedAmount), is 0. With no user (a visitor) nothing is deposited yet.
 *
 * @example isTrancheOversubscribedFor({ minimumDeposit: 1n, maximumDeposit: 5n }, 5n) // true
 */
export function isTrancheOversubscribedFor(
  tranche: { minimumDeposit: bigint; maximumDeposit: bigint },
  depositedThisEpoch: bigint = 0n,
): boolean {
  return trancheDepositLimits({ ...tranche, depositedThisEpoch }).oversubscribed;
}

/**
 * Why a tranche shows as Oversubscribed to a user, for the text beside it: `oversubscribed` when
 * the tranche takes no deposits this epoch (its maximum is 0: the spec's tooltip),
 * `epochLimitReached` when only this user's maximum for the epoch is used up (other lenders can
 * still lend); null when the user can lend into it.
 *
 * @example trancheFullReason({ maximumDeposit: 5n }, 5n) // "epochLimitReached"
 */
export function trancheFullReason(
  tranche: { maximumDeposit: bigint },
  depositedThisEpoch: bigint = 0n,
): "oversubscribed" | "epochLimitReached" | null {
  if (tranche.maximumDeposit === 0n) return "oversubscribed";
  return depositedThisEpoch >= tranche.maximumDeposit ? "epochLimitReached" : null;
}

/** The text that says why a tranche is Oversubscribed to a user ({@link trancheFullReason}). */
export function trancheFullText(
  tranche: { maximumDeposit: bigint },
  depositedThisEpoch: bigint = 0n,
): string | null {
  const reason = trancheFullReason(tranche, depositedThisEpoch);
  return reason === null
    ? null
    : reason === "oversubscribed"
      ? pools.oversubscribedTooltip
      : pools.epochLimitReached;
}
