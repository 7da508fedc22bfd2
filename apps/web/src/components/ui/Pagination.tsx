"use client";

import { fill, paginationItems, transactions } from "@lending/sdk";

const copy = transactions.pagination;

/**
 * Table pagination (spec section 9: boundary count 2, sibling count 0), 1-based pages; `label`
 * names the navigation (default: the transactions').
 */
export function Pagination({
  page,
  count,
  onChange,
  disabled = false,
  label = copy.label,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  if (count <= 1) return null;
  const button =
    "min-w-9 rounded-lg px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label={label} data-testid="pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={`${button} text-slate-700 hover:bg-slate-100`}
            disabled={disabled || page <= 1}
            onClick={() => onChange(page - 1)}
          >
            {copy.previous}
          </button>
        </li>
        {paginationItems(page, count).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <button
                type="button"
                aria-label={fill(copy.page, { page: item })}
                aria-current={item === page ? "page" : undefined}
                disabled={disabled}
                onClick={() => item !== page && onChange(item)}
                className={`${button} ${
                  item === page ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-500">
              {copy.ellipsis}
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${button} text-slate-700 hover:bg-slate-100`}
            disabled={disabled || page >= count}
            onClick={() => onChange(page + 1)}
          >
            {copy.next}
          </button>
        </li>
      </ul>
    </nav>
  );
}
