import type { ReactNode } from "react";

export type DataRow = { key: string; header: ReactNode; cells: ReactNode[]; testId?: string };

/**
 * A table of figures (server-rendered): a caption, a row header per row and one cell per column.
 * Below `md` it stacks: each row becomes a card of label/value lines, so nothing scrolls sideways
 * on a 390 px phone; wider, a table that scrolls inside its own focusable region when it must.
 */
export function DataTable({
  id,
  caption,
  rowHeading,
  columns,
  rows,
  testId,
}: {
  id?: string;
  caption: string;
  /** the heading of the row-header column */
  rowHeading: string;
  columns: string[];
  rows: DataRow[];
  testId?: string;
}) {
  return (
    <div
      className="md:overflow-x-auto"
      role="region"
      aria-label={caption}
      tabIndex={0}
      data-testid={testId}
    >
      <table id={id} className="w-full border-collapse text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 max-md:sr-only">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {rowHeading}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3">
          {rows.map((r) => (
            <tr
              key={r.key}
              data-testid={r.testId}
              className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-3"
            >
              <th
                scope="row"
                className="py-2 pr-3 text-left font-medium whitespace-nowrap text-slate-900 max-md:block max-md:p-0 max-md:pb-1"
              >
                {r.header}
              </th>
              {r.cells.map((cell, i) => (
                <td
                  key={columns[i]}
                  data-label={columns[i]}
                  className="px-3 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:whitespace-normal max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]"
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
