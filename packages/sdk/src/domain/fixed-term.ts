/** Deposit status of a fixed-term config: open to everyone, to an allowlist, or closed. */
export type FixedTermDepositStatus = "Disabled" | "Everyone" | "Allowlist";

/**
 * The fixed-APY visibility rule: shown when the status is 'Everyone', or 'Allowlist' and the
 * wallet is allowlisted (on chain: `isFixedTermAllowlisted`). Disabled configs never show.
 *
 * @example isFixedTermStatusVisible("Allowlist", true) // true
 */
export function isFixedTermStatusVisible(
  status: FixedTermDepositStatus,
  walletIsAllowlisted: boolean,
): boolean {
  return status === "Everyone" || (status === "Allowlist" && walletIsAllowlisted);
}

/**
 * Whether a fixed-APY option is shown to a wallet: its status is 'Everyone', or the wallet is in
 * the config's allowlist (addresses compared case-insensitively). Disabled configs never show.
 *
 * @example isFixedTermConfigVisible({ fixedTermDepositStatus: "Allowlist", fixedTermDepositAllowlist: ["0xAb"] }, "0xab") // true
 */
export function isFixedTermConfigVisible(
  config: {
    fixedTermDepositStatus: FixedTermDepositStatus;
    fixedTermDepositAllowlist?: readonly string[];
  },
  walletAddress: string | undefined,
): boolean {
  const wallet = walletAddress?.toLowerCase();
  const listed =
    wallet !== undefined &&
    (config.fixedTermDepositAllowlist ?? []).some((a) => a.toLowerCase() === wallet);
  return isFixedTermStatusVisible(config.fixedTermDepositStatus, listed);
}

/** The fixed-loan fields the portfolio's rules need (the SDK's `FixedLoan` has them all). */
export interface FixedLoanState {
  endEpoch: bigint;
  /** when its funds are really released (`fixedTermReleaseTime`), unix seconds */
  endTime: number;
  withdrawAtExpiry: boolean;
  matured: boolean;
  released: boolean;
}

/**
 * Whether a fixed loan may still be withdrawn at expiry (the withdraw funds at expiry modal lists
 * only these): not already requested, not matured or released, and a request made now (in
 * `requestEpoch`) is at least `requestEpochsInAdvance` epochs before its last fixed epoch. The
 * contract's `withdrawAtExpiry` applies the same rule.
 *
 * @example canWithdrawAtExpiry({ endEpoch: 5n, endTime: 0, withdrawAtExpiry: false, matured: false, released: false }, 4n, 1n) // true
 */
export function canWithdrawAtExpiry(
  loan: FixedLoanState,
  requestEpoch: bigint,
  requestEpochsInAdvance: bigint,
): boolean {
  return (
    !loan.withdrawAtExpiry &&
    !loan.matured &&
    !loan.released &&
    requestEpoch + requestEpochsInAdvance <= loan.endEpoch
  );
}

/** What happens when a fixed loan's term ends. */
export type FixedLoanOutcome =
  /** it converts to the variable balance of its tranche at `at` (unix seconds) */
  | { kind: "converts"; at: number }
  /** its withdrawal at expiry is paid with the clearing of `paidAfterEpoch` */
  | { kind: "withdrawal"; paidAfterEpoch: bigint };

/**
 * The end of a fixed loan: a withdrawal at expiry is paid with the clearing of the epoch after
 * its last fixed epoch; otherwise it converts to variable when its term ends.
 *
 * @example fixedLoanOutcome({ endEpoch: 5n, endTime: 100, withdrawAtExpiry: true, matured: false, released: false }) // { kind: "withdrawal", paidAfterEpoch: 6n }
 */
export function fixedLoanOutcome(loan: FixedLoanState): FixedLoanOutcome {
  return loan.withdrawAtExpiry
    ? { kind: "withdrawal", paidAfterEpoch: loan.endEpoch + 1n }
    : { kind: "converts", at: loan.endTime };
}

/**
 * The fixed-term configs of a tranche a wallet may fix its APY with: 'Everyone', or
 * 'Allowlist' with the wallet on the list (`allowlistedIds`, from `isFixedTermAllowlisted`).
 *
 * @example usableFixedTermConfigs([{ configId: 1n, fixedTermDepositStatus: "Allowlist" }], [1n]).length // 1
 */
export function usableFixedTermConfigs<
  C extends { configId: bigint; fixedTermDepositStatus: FixedTermDepositStatus },
>(configs: readonly C[], allowlistedIds: readonly bigint[]): C[] {
  return configs.filter((c) =>
    isFixedTermStatusVisible(c.fixedTermDepositStatus, allowlistedIds.includes(c.configId)),
  );
}

/**
 * When a fixed loan's funds are really released (unix seconds), by the contract's release rule:
 * `releaseFixedTermLock` needs the lock's last fixed epoch `endEpoch` cleared (its clearing opens
 * 2 days before the epoch ends: `clearingStart`), and a lock withdrawn at expiry also the epoch
 * after it (its withdrawal is paid with that clearing). This is the "fixed until" date; the keeper
 * clears and releases at the clearing's start.
 *
 * @example fixedTermReleaseTime(0n, 0n, false) // 432000 (5 days: epoch 0's clearing opens)
 */
export function fixedTermReleaseTime(
  genesis: bigint,
  endEpoch: bigint,
  withdrawAtExpiry: boolean,
): number {
  const WEEK = 7n * 86_400n;
  const CLEARING = 2n * 86_400n;
  const epoch = withdrawAtExpiry ? endEpoch + 1n : endEpoch;
  return Number(genesis + (epoch + 1n) * WEEK - CLEARING);
}
