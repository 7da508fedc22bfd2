import { pools, type Pool } from "@lending/sdk";
import type { ReactNode } from "react";

type Tranche = Pool["tranches"][number];

export type PoolColumn = {
  /** the column heading, also the label of the cell when the rows stack on a phone */
  label: string;
  /** the heading is for screen readers only (the action column) */
  srOnlyLabel?: boolean;
  /** the cell's content for one tranche */
  cell: (tranche: Tranche) => ReactNode;
  /** extra classes of the cell (text colour, weight) */
  className?: string;
  /** on a phone the cell takes the whole row without a label (the Lend button) */
  fullRow?: boolean;
};

/**
 * A pool's card: name, subheading and a table with one row per tranche. Shared by the lending
 * list (client, with Lend buttons) and the strategy pages (server components); each passes its
 * own columns. Below 640 px (`sm`) the table stacks: each tranche becomes a small card (its name,
 * then each cell under its column's label, the action across the card), so nothing overflows a
 * 390 px phone.
 */
export function PoolTable({
  pool,
  columns,
  testId,
  rowTestId,
  headerAction,
  notice,
  headingLevel = 2,
}: {
  pool: Pool;
  /** the pool name's heading level (3 inside a page section) */
  headingLevel?: 2 | 3;
  /** shown at the header's end (the historical repayments button) */
  headerAction?: ReactNode;
  /** shown under the header (an incident or loss notice) */
  notice?: ReactNode;
  /** the columns after the first one (the tranche name) */
  columns: PoolColumn[];
  testId: string;
  rowTestId?: string;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article
      data-testid={testId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6 sm:py-5">
        <div className="min-w-0">
          <Heading className="text-lg font-semibold text-slate-900">{pool.poolName}</Heading>
          {pool.subheading ? (
            <p className="mt-1 text-sm text-slate-600">{pool.subheading}</p>
          ) : null}
        </div>
        {headerAction}
      </header>
      {notice}
      <div className="sm:overflow-x-auto">
        <table className="w-full text-sm max-sm:block sm:whitespace-nowrap">
          <thead className="max-sm:sr-only">
            <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
              <th scope="col" className="px-6 py-3 font-medium">
                {pools.tranche}
              </th>
              {columns.map((c) => (
                <th key={c.label} scope="col" className="px-6 py-3 text-right font-medium">
                  {c.srOnlyLabel ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {pool.tranches.map((t) => (
              <tr
                key={t.id.toString()}
                data-testid={rowTestId}
                className="border-t border-slate-100 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3"
              >
                <th
                  scope="row"
                  className="px-6 py-3 text-left font-medium text-slate-900 max-sm:col-span-2 max-sm:p-0"
                >
                  {t.name}
                </th>
                {columns.map((c) => (
                  <td
                    key={c.label}
                    data-label={c.fullRow ? undefined : c.label}
                    className={`px-6 py-3 text-right tabular-nums max-sm:block max-sm:min-w-0 max-sm:p-0 max-sm:text-left ${
                      c.fullRow
                        ? "max-sm:col-span-2"
                        : "max-sm:before:block max-sm:before:text-xs max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]"
                    } ${c.className ?? "text-slate-700"}`}
                  >
                    {c.cell(t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
