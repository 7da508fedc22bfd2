/**
 * A tranche that takes no deposit from this user (no hooks: the server renders it for a tranche
 * closed or oversubscribed for everyone): the disabled button (`label`: Closed or Oversubscribed)
 * with why as visible text beside it that describes the button (a tooltip is not reachable on
 * touch).
 */
export function TrancheFullView({
  label,
  reason,
  tooltipId,
}: {
  label: string;
  reason: string;
  tooltipId: string;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2" title={reason}>
      <button
        type="button"
        disabled
        aria-describedby={tooltipId}
        className="rounded-lg bg-slate-200 px-3 py-1.5 text-sm font-semibold text-slate-600"
      >
        {label}
      </button>
      <span
        id={tooltipId}
        className="max-w-60 text-xs text-slate-600"
        data-testid="tranche-full-reason"
      >
        {reason}
      </span>
    </span>
  );
}

/** The id of the text that says why a tranche takes no deposit (unique per pool and tranche). */
export function trancheFullId(closed: boolean, poolId: bigint, trancheId: bigint): string {
  return `${closed ? "closed" : "oversubscribed"}-${poolId}-${trancheId}`;
}
