"use client";

import {
  fill,
  formatDate,
  formatUsdc,
  getDeployment,
  type HistoricalRepayment,
  readHistoricalRepayments,
  repayments as copy,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { Skeleton } from "@/components/ui/Skeleton";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";

export interface HistoricalRepaymentsModalProps {
  poolId: bigint;
  poolName: string;
}

/** The published figures, in the spec's order (entity "Historical repayments"). */
const FIELDS = [
  "openingLoanBalance",
  "newFundingDrawdowns",
  "principalInterestRepayments",
  "closingLoanBalance",
  "interestPaymentComponent",
  "arrears",
  "unrecoverableLosses",
] as const satisfies readonly (keyof HistoricalRepayment)[];

const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";

/**
 * The historical repayments modal (registry name "historicalRepayments", issue 12): a pool's
 * published figures per epoch (SDK `readHistoricalRepayments`, the last 52 epochs), as a bar
 * chart of repayments and drawdowns and, as its text alternative, a table of every figure.
 * Opened from the lending pool card and from the pool's section of the portfolio.
 */
export default function HistoricalRepaymentsModal({
  poolId,
  poolName,
  onClose,
}: RegistryModalProps<HistoricalRepaymentsModalProps>) {
  const { chainId, client } = useAppChain();
  const tableId = useId();
  const rows = useQuery({
    queryKey: [...queryKeys.pools(chainId), "repayments", poolId.toString()],
    queryFn: async () => {
      return readHistoricalRepayments(client!, getDeployment(chainId), poolId);
    },
    enabled: Boolean(client),
  });

  return (
    <Modal title={copy.title} onClose={onClose} size="wide">
      <div className="space-y-4 text-sm text-slate-700" data-testid="historical-repayments">
        <p>{fill(copy.lead, { pool: poolName })}</p>
        {rows.isError ? (
          <p role="alert" className="text-red-800">
            {copy.error}
          </p>
        ) : !rows.data ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">{copy.loading}</span>
            <Skeleton className="block h-40 w-full" />
            <Skeleton className="block h-10 w-full" />
          </div>
        ) : rows.data.length === 0 ? (
          <p data-testid="historical-repayments-empty">{copy.empty}</p>
        ) : (
          <>
            <BarChart rows={rows.data} poolName={poolName} tableId={tableId} />
            <ul className="space-y-3 sm:hidden" aria-label={fill(copy.caption, { pool: poolName })}>
              {rows.data.map((r) => (
                <li
                  key={r.epoch.toString()}
                  className="rounded-lg border border-slate-200 p-3"
                  data-testid="repayment-card"
                >
                  <p className="font-semibold text-slate-900">
                    {fill(copy.epochValue, { epoch: r.epoch.toString() })}
                    <span className="ml-2 font-normal text-slate-600">
                      {fill(copy.epochStart, { date: formatDate(new Date(r.epochStart * 1000)) })}
                    </span>
                  </p>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
                    {FIELDS.map((f) => (
                      <div key={f} className="min-w-0">
                        <dt className="text-xs font-medium text-slate-600">{copy[f]}</dt>
                        <dd className="text-slate-900 tabular-nums">{formatUsdc(r[f])}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto sm:block">
              <table id={tableId} className="w-full border-collapse text-left text-xs">
                <caption className="sr-only">{fill(copy.caption, { pool: poolName })}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-2 font-medium">
                      {copy.epoch}
                    </th>
                    {FIELDS.map((f) => (
                      <th key={f} scope="col" className="px-2 py-2 text-right font-medium">
                        {copy[f]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.data.map((r) => (
                    <tr
                      key={r.epoch.toString()}
                      className="border-b border-slate-100"
                      data-testid="repayment-row"
                    >
                      <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-900">
                        {r.epoch.toString()}
                        <span className="block font-normal text-slate-600">
                          {formatDate(new Date(r.epochStart * 1000))}
                        </span>
                      </th>
                      {FIELDS.map((f) => (
                        <td key={f} className="px-2 py-2 text-right tabular-nums">
                          {formatUsdc(r[f])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className={secondary} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}

const REPAYMENT_COLOUR = "#047857"; // emerald-700
const DRAWDOWN_COLOUR = "#1d4ed8"; // blue-700

/**
 * Repayments and drawdowns per epoch, two bars an epoch on one scale. Drawn in SVG (no chart
 * library in the bundle); the table is its text alternative (aria-describedby).
 */
function BarChart({
  rows,
  poolName,
  tableId,
}: {
  rows: HistoricalRepayment[];
  poolName: string;
  tableId: string;
}) {
  const max = rows.reduce(
    (m, r) =>
      [r.principalInterestRepayments, r.newFundingDrawdowns].reduce((a, b) => (b > a ? b : a), m),
    1n,
  );
  const group = 40;
  const bar = 14;
  const height = 120;
  const width = Math.max(rows.length * group, 200);
  const h = (v: bigint) => Number((v * BigInt(height)) / max);
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-label={fill(copy.chartLabel, { pool: poolName })}
        aria-describedby={tableId}
        viewBox={`0 0 ${width} ${height + 16}`}
        className="h-40 w-full"
        preserveAspectRatio="xMinYMax meet"
        data-testid="repayments-chart"
      >
        <line x1={0} y1={height} x2={width} y2={height} stroke="#94a3b8" strokeWidth={1} />
        {rows.map((r, i) => {
          const x = i * group + 4;
          const repaid = h(r.principalInterestRepayments);
          const drawn = h(r.newFundingDrawdowns);
          return (
            <g key={r.epoch.toString()}>
              <rect x={x} y={height - repaid} width={bar} height={repaid} fill={REPAYMENT_COLOUR} />
              <rect
                x={x + bar + 2}
                y={height - drawn}
                width={bar}
                height={drawn}
                fill={DRAWDOWN_COLOUR}
              />
              <text x={x + bar} y={height + 12} textAnchor="middle" fontSize={10} fill="#334155">
                {r.epoch.toString()}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-700">
        <Legend colour={REPAYMENT_COLOUR} label={copy.legendRepayments} />
        <Legend colour={DRAWDOWN_COLOUR} label={copy.legendDrawdowns} />
      </figcaption>
    </figure>
  );
}

function Legend({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block h-3 w-3 rounded-sm"
        style={{ background: colour }}
      />
      {label}
    </span>
  );
}
