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
  withdrawalPaid,
  type RequestPart,
} from "@lending/sdk";
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
 * A request's amount in USDC, never re-priced at today's share price: a deposit its USDC; a
 * withdrawal what it paid once processed (from the Accepted events, to the unit), else what its
 * shares were worth when requested (read at the request's block by the indexer). `part` shows
 * one of several same-epoch requests the chain merged into this one.
 */
export function RequestedAmount({ tx, part }: { tx: Transaction; part?: RequestPart }) {
  if (tx.type === "Deposit") return <>{formatUsdcAmount(part?.amount ?? tx.requestedAmount)}</>;
  const shares = part?.amount ?? tx.requestedAmount;
  const requested = part?.value ?? tx.requestedValue;
  const paid = part ? part.paid : withdrawalPaid(tx);
  return (
    <span title={formatShares(shares)} data-testid="transaction-amount">
      {paid !== null
        ? fill(copy.paidUsdc, { amount: formatUsdc(paid) })
        : fill(copy.requestedUsdc, { amount: formatUsdc(requested) })}
    </span>
  );
}
