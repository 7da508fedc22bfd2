/** Small pieces the locking and rewards screens share. */

export const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
export const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50";

/** One line of a review step: a name and its value. */
export function ReviewRow({
  name,
  value,
  testId,
}: {
  name: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-slate-600">{name}</dt>
      <dd data-testid={testId} className="font-semibold text-slate-900 tabular-nums">
        {value}
      </dd>
    </div>
  );
}
