import { pools, type Pool } from "@lending/sdk";
import type { ReactNode } from "react";

export type PoolColumn = { label: ReactNode; align?: "left" | "right" };

/**
 * A pool's card: name, subheading and a table with one row per tranche. Shared by the lending
 * list (client, with Lend buttons) and the strategy pages (server components); each passes its
 * own columns and row cells.
 */
export function PoolTable({
  pool,
  columns,
  renderCells,
  testId,
  rowTestId,
}: {
  pool: Pool;
  /** the columns after the first one (the tranche name) */
  columns: PoolColumn[];
  renderCells: (tranche: Pool["tranches"][number]) => ReactNode;
  testId: string;
  rowTestId?: string;
}) {
  return (
    <article
      data-testid={testId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-100 px-6 py-5">
        <h2 className="text-lg font-semibold text-slate-900">{pool.poolName}</h2>
        {pool.subheading ? <p className="mt-1 text-sm text-slate-600">{pool.subheading}</p> : null}
      </header>
      <div className="overflow-x-auto">
        <table className="w-full text-sm whitespace-nowrap">
          <thead>
            <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
              <th scope="col" className="px-6 py-3 font-medium">
                {pools.tranche}
              </th>
              {columns.map((c, i) => (
                <th
                  key={i}
                  scope="col"
                  className={`px-6 py-3 font-medium ${c.align === "left" ? "" : "text-right"}`}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pool.tranches.map((t) => (
              <tr
                key={t.id.toString()}
                data-testid={rowTestId}
                className="border-t border-slate-100"
              >
                <th scope="row" className="px-6 py-3 text-left font-medium text-slate-900">
                  {t.name}
                </th>
                {renderCells(t)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
