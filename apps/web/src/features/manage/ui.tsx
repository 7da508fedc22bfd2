/** Small pieces the console's sections share. */
import { fill, formatDateTime, manage } from "@lending/sdk";
import type { ReactNode } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";

export function Section({
  id,
  title,
  lead,
  children,
  action,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {lead ? <p className="mt-1 text-sm text-slate-600">{lead}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** OK (green) or Stale (red): the health panel's verdict on one item. */
export function StatusBadge({ stale }: { stale: boolean }) {
  return (
    <span
      data-stale={stale}
      className={`inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
        stale ? "bg-red-100 text-red-800" : "bg-emerald-100 text-emerald-800"
      }`}
    >
      {stale ? manage.stale : manage.ok}
    </span>
  );
}

export function ErrorText({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="mt-2 text-sm break-words text-red-700">
      {children}
    </p>
  );
}

export const dateTime = (iso: string) => formatDateTime(new Date(iso));

/** An age in words: "42 s", "5 min", "3 h", "2 d". */
export function formatAge(seconds: number): string {
  if (seconds < 120) return fill(manage.seconds, { n: Math.round(seconds) });
  if (seconds < 7_200) return fill(manage.minutes, { n: Math.round(seconds / 60) });
  if (seconds < 172_800) return fill(manage.hours, { n: Math.round(seconds / 3_600) });
  return fill(manage.days, { n: Math.round(seconds / 86_400) });
}

export const fieldLabel = "block text-sm font-medium text-slate-700";

const ROW_COLUMNS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" } as const;

/**
 * One console form: its fields and the submit button in a row (one column at 390 px), the
 * form's error under it. Every console form uses it (draw, repay, publish, report a loss, the
 * lender and tranche forms).
 */
export function FormRow({
  onSubmit,
  submitLabel,
  busy,
  disabled,
  columns = 3,
  primary = true,
  error,
  testId,
  children,
}: {
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  columns?: keyof typeof ROW_COLUMNS;
  primary?: boolean;
  error?: string | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <form
        data-testid={testId}
        className={`mt-4 grid grid-cols-1 items-end gap-3 ${ROW_COLUMNS[columns]}`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <button
          type="submit"
          className={primary ? primaryButton : secondaryButton}
          disabled={busy || disabled}
        >
          {submitLabel}
        </button>
      </form>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </>
  );
}
