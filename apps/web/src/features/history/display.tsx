"use client";

import {
  common,
  fill,
  formatDateTime,
  formatEpochLockDuration,
  formatPercent,
  formatUnitsDisplay,
  formatUsdc,
  formatUsdcExact,
  historyStatusLabel,
  SHARE_DECIMALS,
  transactions as copy,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import type { Transaction } from "./api";

/** Unix seconds in the product's date format: DD.MM.YYYY HH:mm:ss with the UTC offset. */
export function formatTime(unixSeconds: number): string {
  return formatDateTime(new Date(unixSeconds * 1000));
}

/** An APY fraction string ("0.12") as a percent ("12.00%"). */
export function formatApy(apy: string): string {
  return formatPercent(Number(apy));
}

export function formatUsdcAmount(value: bigint): string {
  return fill(common.usdcAmount, { amount: formatUsdc(value) });
}

/** "100.116775 USDC": exact, to the unit (the request details; issue 23: exact amounts in details). */
export function formatUsdcExactAmount(value: bigint): string {
  return fill(common.usdcAmount, { amount: formatUsdcExact(value) });
}

export function formatShares(value: bigint): string {
  return fill(copy.shares, {
    amount: formatUnitsDisplay(value, SHARE_DECIMALS, { minDecimals: 2, maxDecimals: 4 }),
  });
}

/** "about N weeks" of a fixed-term deposit, or Variable. */
export function fixedTermText(weeks: number | null): string {
  return weeks === null ? copy.variable : formatEpochLockDuration(weeks);
}

export function statusText(tx: Transaction): string {
  return copy.statuses[historyStatusLabel(tx)];
}

/**
 * A request's amount: USDC for deposits; a withdrawal's shares shown as their USDC value read
 * from the tranche (`convertToAssets`) when the chain answers, else as shares.
 */
export function RequestedAmount({ tx }: { tx: Transaction }) {
  const { chainId, client } = useAppChain();
  const isWithdrawal = tx.type === "Withdrawal";
  const value = useQuery({
    queryKey: queryKeys.sharesValue(
      chainId,
      tx.poolId.toString(),
      tx.trancheId,
      tx.requestedAmount.toString(),
    ),
    queryFn: async () => {
      const { readAssetsForShares, getDeployment } = await import("@lending/sdk");
      return readAssetsForShares(client!, getDeployment(chainId), {
        poolId: tx.poolId,
        trancheId: BigInt(tx.trancheId),
        shares: tx.requestedAmount,
      });
    },
    enabled: isWithdrawal && Boolean(client),
    staleTime: 60_000,
    retry: false,
  });
  if (!isWithdrawal) return <>{formatUsdcAmount(tx.requestedAmount)}</>;
  if (value.data !== undefined) {
    return (
      <span title={formatShares(tx.requestedAmount)}>
        {fill(copy.approxUsdc, { amount: formatUsdc(value.data) })}
      </span>
    );
  }
  return <>{formatShares(tx.requestedAmount)}</>;
}
