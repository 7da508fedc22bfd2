"use client";

import { useConnection } from "@/lib/stack";
import {
  fill,
  formatDateTime,
  formatUsdc,
  formatUsdcChange,
  incidents as copy,
  latestLossOf,
  positionValues,
} from "@lending/sdk";
import { TxHashLink } from "@/components/tx/TxDone";
import { Template } from "@/components/ui/Template";
import { useLenderLosses } from "./queries";

/**
 * Under a portfolio position whose value a reported loss cut: when, on which pool, by how much
 * this position changed (before → after) and why (the pool manager's reason recorded with the
 * report, when one was given), with the transaction. Nothing otherwise.
 */
export function PositionLossNotice({ poolId, trancheId }: { poolId: bigint; trancheId: bigint }) {
  const { address } = useConnection();
  const losses = useLenderLosses(address);
  const loss = losses ? latestLossOf(losses, poolId, Number(trancheId)) : undefined;
  const position = loss?.tranches.find((t) => t.trancheId === Number(trancheId));
  if (!loss || !position) return null;
  const v = positionValues(position);
  return (
    <div
      role="note"
      data-testid="position-loss-notice"
      className="mt-3 basis-full rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{copy.lossTitle}</p>
      <p>
        {fill(copy.positionText, {
          date: formatDateTime(new Date(loss.timestamp * 1000)),
          amount: formatUsdc(BigInt(loss.poolLoss)),
          pool: loss.poolName,
        })}
      </p>
      <p data-testid="position-loss-change" className="tabular-nums">
        {v.change === 0n
          ? fill(copy.positionUnchanged, {
              tranche: position.trancheName,
              after: formatUsdc(v.after),
            })
          : fill(copy.positionChange, {
              tranche: position.trancheName,
              change: formatUsdcChange(v.change),
              before: formatUsdc(v.before),
              after: formatUsdc(v.after),
            })}
      </p>
      {loss.reason ? (
        <p data-testid="position-loss-reason" className="break-words">
          {fill(copy.managerReason, { reason: loss.reason })}
        </p>
      ) : v.change === 0n ? null : (
        <p>{copy.positionReason}</p>
      )}
      <p className="break-all">
        <Template
          text={copy.transaction}
          values={{ link: <TxHashLink hash={loss.transactionHash} testId="position-loss-tx" /> }}
        />
      </p>
    </div>
  );
}
