import type { ReactNode } from "react";
import { formatTime } from "./display";

/** A date and time that may wrap between its two parts. */
export function Time({ unix }: { unix: number }) {
  const [date, ...rest] = formatTime(unix).split(" ");
  return (
    <time dateTime={new Date(unix * 1000).toISOString()}>
      <span className="whitespace-nowrap">{date}</span>{" "}
      <span className="whitespace-nowrap">{rest.join(" ")}</span>
    </time>
  );
}

/** A table cell that shows its column name before the value in the stacked (phone) layout. */
export function Cell({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td
      data-label={label}
      className={`px-3 py-2.5 align-top text-slate-700 max-lg:flex max-lg:justify-between max-lg:gap-4 max-lg:px-0 max-lg:py-1 max-lg:text-right max-lg:before:shrink-0 max-lg:before:text-left max-lg:before:font-medium max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
}
