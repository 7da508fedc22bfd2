import type { ReactNode } from "react";
import type { ReadSource } from "@/lib/readErrors";

/** The Retry button's classes (the client LoadError's and the server panel's). */
export const RETRY_BUTTON_CLASS =
  "mt-4 min-h-6 rounded-lg bg-red-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/**
 * The error panel's markup with its copy already chosen (no hooks): a red card, role="alert",
 * which part failed, the page's own sentence, that the page tries again by itself, and the
 * Retry button (`children`). The client {@link LoadError} and the server-rendered
 * RefreshingLoadError both draw it.
 */
export function LoadErrorPanel({
  title,
  detail,
  what,
  autoRetry,
  source,
  testId,
  children,
}: {
  title: string;
  detail: string;
  what?: string;
  autoRetry: string;
  source: ReadSource;
  testId?: string;
  /** the Retry button */
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      data-source={source}
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-6"
    >
      <h2 className="font-semibold">{title}</h2>
      {what ? <p className="mt-1 text-sm">{what}</p> : null}
      <p className="mt-1 text-sm break-words">{detail}</p>
      <p className="mt-1 text-sm text-red-800">{autoRetry}</p>
      {children}
    </div>
  );
}
