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
