"use client";

import { common } from "@lending/sdk";
import { loadErrorCopy, type ReadSource } from "@/lib/readErrors";

/**
 * A page's data could not be read: which part failed (chain, indexer, server), the page's own
 * sentence, a Retry button, and that the page tries again by itself (issue 25). Styled as the
 * app's other error panels (red card, role="alert").
 */
export function LoadError({
  error,
  source,
  chainName,
  what,
  onRetry,
  retrying = false,
  testId,
}: {
  error: unknown;
  source: ReadSource;
  /** the configured chain's name, for the RPC message */
  chainName?: string;
  /** the page's own sentence: what could not be read */
  what?: string;
  onRetry: () => void;
  /** a read is running: the button is disabled and says so */
  retrying?: boolean;
  testId?: string;
}) {
  const copy = loadErrorCopy(error, source, chainName || common.readError.thisNetwork);
  return (
    <div
      role="alert"
      data-testid={testId}
      data-source={source}
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-6"
    >
      <h2 className="font-semibold">{copy.title}</h2>
      {what ? <p className="mt-1 text-sm">{what}</p> : null}
      <p className="mt-1 text-sm break-words">{copy.detail}</p>
      <p className="mt-1 text-sm text-red-800">{common.loadError.autoRetry}</p>
      <button
        type="button"
        disabled={retrying}
        onClick={onRetry}
        className="mt-4 min-h-6 rounded-lg bg-red-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
      >
        {retrying ? common.loadError.retrying : common.loadError.retry}
      </button>
    </div>
  );
}
