"use client";

import { common } from "@lending/sdk";
import { loadErrorCopy, type ReadSource } from "@/lib/readErrors";
import { LoadErrorPanel, RETRY_BUTTON_CLASS } from "./LoadErrorPanel";

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
    <LoadErrorPanel
      title={copy.title}
      detail={copy.detail}
      what={what}
      autoRetry={common.loadError.autoRetry}
      source={source}
      testId={testId}
    >
      <button type="button" disabled={retrying} onClick={onRetry} className={RETRY_BUTTON_CLASS}>
        {retrying ? common.loadError.retrying : common.loadError.retry}
      </button>
    </LoadErrorPanel>
  );
}
