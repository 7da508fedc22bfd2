"use client";

import {
  fill,
  formatDateTime,
  formatUsdc,
  incidents as copy,
  lossTrancheNames,
  trancheChangeLines,
} from "@lending/sdk";
import { TxHashLink } from "@/components/tx/TxDone";
import { Template } from "@/components/ui/Template";
import { usePoolNotices } from "./queries";

const when = (unix: number) => formatDateTime(new Date(unix * 1000));

/**
 * A pool's notice (card on /lending, pool section of /portfolio): its open incident (since when)
 * and its newest reported loss (when, how much, which tranches and by how much each, the
 * transaction). Nothing when the pool has neither.
 */
export function PoolNotice({
  poolId,
  className = "border-b",
}: {
  poolId: bigint;
  /** the frame: a border under a card's header by default */
  className?: string;
}) {
  const notice = usePoolNotices()?.get(poolId.toString());
  if (!notice || (!notice.openIncident && !notice.latestLoss)) return null;
  const { openIncident: incident, latestLoss: loss } = notice;
  return (
    <div
      role="note"
      data-testid="pool-notice"
      className={`space-y-2 ${className} border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6`}
    >
      {incident ? (
        <div data-testid="pool-notice-incident">
          <p className="font-semibold">{copy.incidentTitle}</p>
          <p>{fill(copy.incidentText, { date: when(incident.openedAt) })}</p>
        </div>
      ) : null}
      {loss ? (
        <div data-testid="pool-notice-loss" className="space-y-1">
          <p className="font-semibold">{copy.lossTitle}</p>
          <p>
            {fill(copy.lossText, {
              date: when(loss.timestamp),
              amount: formatUsdc(BigInt(loss.amount)),
            })}
          </p>
          {loss.reason ? (
            <p data-testid="pool-notice-reason" className="break-words">
              {fill(copy.managerReason, { reason: loss.reason })}
            </p>
          ) : null}
          <p>{fill(copy.lossTranches, { tranches: lossTrancheNames(loss.tranches) })}</p>
          <ul className="list-inside list-disc tabular-nums">
            {trancheChangeLines(loss.tranches).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {notice.lossCount > 1 ? (
            <p>{fill(copy.moreLosses, { count: notice.lossCount })}</p>
          ) : null}
          <p className="break-all">
            <Template
              text={copy.transaction}
              values={{
                link: <TxHashLink hash={loss.transactionHash} testId="pool-notice-tx" />,
              }}
            />
          </p>
        </div>
      ) : null}
    </div>
  );
}
