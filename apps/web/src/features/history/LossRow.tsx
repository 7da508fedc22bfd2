"use client";

import { fill, formatUsdcChange, incidents, transactions as copy } from "@lending/sdk";
import { TxHashLink } from "@/components/tx/TxDone";
import type { LossRow as Loss } from "./api";
import { Cell, Time } from "./cells";

const col = copy.columns;

/**
 * A loss reported on a pool the lender held, as its own row: the change of the lender's
 * positions (negative, never hidden), the tranches it hit, the time and the report's transaction.
 */
export function LossRow({ loss }: { loss: Loss }) {
  return (
    <tr
      data-testid="loss-row"
      data-pool-id={loss.poolId.toString()}
      className="border-t border-slate-100 bg-red-50/40 max-lg:block max-lg:rounded-xl max-lg:border max-lg:border-red-200 max-lg:bg-white max-lg:p-4 max-lg:[&+tr]:mt-3"
    >
      <Cell label={col.type} className="font-medium text-red-800">
        {copy.types.Loss}
      </Cell>
      <Cell label={col.amount} className="tabular-nums text-red-800">
        <span data-testid="loss-change">
          {fill(incidents.historyAmount, { change: formatUsdcChange(loss.change) })}
        </span>
      </Cell>
      <Cell label={col.apy}>–</Cell>
      <Cell label={col.pool}>{loss.poolName}</Cell>
      <Cell label={col.tranche}>{loss.tranches.map((t) => t.trancheName).join(", ")}</Cell>
      <Cell label={col.nftId}>–</Cell>
      <Cell label={col.requestTime}>
        <Time unix={loss.timestamp} />
      </Cell>
      <Cell label={col.status}>
        <span data-testid="transaction-status">{incidents.historyStatus}</span>
      </Cell>
      <Cell label={col.fixedTerm}>–</Cell>
      <Cell label={col.lastTransaction}>
        <Time unix={loss.timestamp} />
      </Cell>
      <Cell label={col.actions}>
        <TxHashLink
          hash={loss.transactionHash}
          testId="loss-tx"
          className="font-medium break-all text-slate-800 underline"
        />
      </Cell>
    </tr>
  );
}
