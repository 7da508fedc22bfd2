import { common } from "@lending/sdk";
import { RECOVER_MS } from "@/lib/queries/recovery";
import { loadErrorCopy } from "@/lib/readErrors";
import { LoadErrorPanel, RETRY_BUTTON_CLASS } from "./LoadErrorPanel";
import { RefreshButton, RefreshEvery } from "./RouteRefresh";

/** What a server component reports when its chain read failed and it has no reason. */
const SERVER_READ_FAILED = { name: "HttpRequestError" };

/**
 * The error panel of a page rendered on the server, rendered on the server too: Retry renders
 * the page again, and so does a timer every {@link RECOVER_MS}, so the page comes back by itself
 * once the chain answers. Only the button and the timer are client code (the panel's copy and
 * the read-error mapping stay on the server: issue 26).
 */
export function RefreshingLoadError({
  what,
  chainName,
  testId,
  error,
}: {
  what?: string;
  /**
   * why the read failed (the contracts are not deployed, the RPC did not answer, another
   * reason): the panel's copy follows it; "the RPC did not answer" without it
   */
  error?: unknown;
  /** the configured chain's name, for the RPC message ("this network" without it) */
  chainName?: string;
  testId?: string;
}) {
  const copy = loadErrorCopy(
    error ?? SERVER_READ_FAILED,
    "chain",
    chainName || common.readError.thisNetwork,
  );
  return (
    <LoadErrorPanel
      title={copy.title}
      detail={copy.detail}
      what={what}
      autoRetry={common.loadError.autoRetry}
      source="chain"
      testId={testId}
    >
      <RefreshButton
        label={common.loadError.retry}
        busyLabel={common.loadError.retrying}
        className={RETRY_BUTTON_CLASS}
      />
      <RefreshEvery ms={RECOVER_MS} />
    </LoadErrorPanel>
  );
}
