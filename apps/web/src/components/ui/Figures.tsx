import type { ReactNode } from "react";

/** A named figure of a summary grid (`<dl>`): the name over its value. */
export function Figure({
  name,
  testId,
  children,
}: {
  name: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{name}</dt>
      <dd className="font-semibold break-words text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A cell of a table that stacks into labelled rows on narrow screens (below md). */
export function StackedCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className="px-3 py-2 align-top max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]"
    >
      {children}
    </td>
  );
}
