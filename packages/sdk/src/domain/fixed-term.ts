/** Deposit status of a fixed-term config: open to everyone, to an allowlist, or closed. */
export type FixedTermDepositStatus = "Disabled" | "Everyone" | "Allowlist";

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
  if (config.fixedTermDepositStatus === "Everyone") return true;
  if (config.fixedTermDepositStatus !== "Allowlist" || !walletAddress) return false;
  const wallet = walletAddress.toLowerCase();
  return (config.fixedTermDepositAllowlist ?? []).some((a) => a.toLowerCase() === wallet);
}
