"use client";

import { fill, formatDate, formatUsdc, transactions as copy } from "@lending/sdk";
import { TxHashLink } from "@/components/tx/TxDone";
import type { FixedTermRow as FixedTerm } from "./api";
import { Cell, Time } from "./cells";
import { formatApy, formatUsdcAmount } from "./display";

const col = copy.columns;

/**
 * A fixed-term lock event as its own row (Fix APY, a fixed-term deposit's start, withdraw at
 * expiry, maturity into variable, the payout at expiry): its USDC, its calendar date, and the
 * date its funds are really released ("Fixed until", by the contract's release rule).
 */
export function FixedTermRow({ row }: { row: FixedTerm }) {
  const date = formatDate(new Date(row.releaseTime * 1000));
  return (
    <tr
      data-testid="fixed-term-row"
      data-event={row.event}
      data-lock-id={row.lockId.toString()}
      className="border-t border-slate-100 max-lg:block max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:[&+tr]:mt-3"
    >
      <Cell label={col.type} className="font-medium text-slate-900">
        {copy.fixedTermTypes[row.event]}
      </Cell>
      <Cell label={col.amount} className="tabular-nums">
        <span data-testid="fixed-term-amount">
          {row.event === "PaidAtExpiry"
            ? fill(copy.paidUsdc, { amount: formatUsdc(row.amount) })
            : formatUsdcAmount(row.amount)}
        </span>
        {row.returnedValue !== null && row.returnedValue > 0n ? (
          <span className="block text-xs text-slate-500">
            {fill(copy.returnedToVariable, {
              amount: formatUsdc(row.returnedValue),
            })}
          </span>
        ) : null}
      </Cell>
      <Cell label={col.apy} className="tabular-nums">
        {formatApy(row.apy)}
      </Cell>
      <Cell label={col.pool}>{row.poolName}</Cell>
      <Cell label={col.tranche}>{row.trancheName}</Cell>
      <Cell label={col.nftId}>–</Cell>
      <Cell label={col.requestTime}>
        <Time unix={row.timestamp} />
      </Cell>
      <Cell label={col.status}>
        <span data-testid="transaction-status">
          {fill(copy.fixedTermStatuses[row.event], { date })}
        </span>
      </Cell>
      <Cell label={col.fixedTerm}>
        <span data-testid="fixed-term-until">{date}</span>
      </Cell>
      <Cell label={col.lastTransaction}>
        <Time unix={row.timestamp} />
      </Cell>
      <Cell label={col.actions}>
        <TxHashLink
          hash={row.transactionHash}
          testId="fixed-term-tx"
          className="font-medium break-all text-slate-800 underline"
        />
      </Cell>
    </tr>
  );
}
