import type { Page } from "@playwright/test";

/** What {@link scriptTransferKb} counted: the kilobytes, and the script responses behind them. */
export type ScriptTransfer = {
  kb: number;
  /** script responses counted */
  scripts: number;
  /** script responses whose size could not be read (the check must not pass on a 0 for them) */
  unread: string[];
};

/** No request in flight for this long: the page has fetched what it loads (Playwright's rule). */
const QUIET_MS = 500;
const QUIET_TIMEOUT_MS = 60_000;

/**
 * The JavaScript the page that `load` navigates to fetches, counted as Lighthouse counts it:
 * every script response's bytes on the wire (gzip as served) plus its headers. The browser cache
 * is off, so every navigation fetches every script again. Counted until `until` resolves (by
 * default the load's network idle) and then no request has been in flight for 500 ms: on a slow
 * machine a page can go idle before its scripts ask for more (at 4x CPU a connected page's first
 * idle came before the remembered wallet asked for the wallet stack), so a caller waits for what
 * the page must show first.
 *
 * Only the new document's scripts count (its loader id, from the DevTools protocol): a script the
 * previous page was still fetching when the navigation began is that page's. The connected
 * check's first load right after connecting counted 3-4 such scripts of /lending (the reads it
 * starts on connecting) against / (eighteenth session, docs/benchmarks.md).
 */
export async function scriptTransferKb(
  page: Page,
  load: () => Promise<unknown>,
  until: () => Promise<unknown> = () => page.waitForLoadState("networkidle"),
): Promise<ScriptTransfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const { frameTree } = await cdp.send("Page.getFrameTree");
  const mainFrame = frameTree.frame.id;
  /** the loaders of the main frame's documents navigated to since the count began */
  const documents = new Set<string>();
  /** the scripts of those documents, by request id */
  const scripts = new Map<string, { loaderId: string; url: string; bytes?: number }>();
  /** their requests in flight, by id: their URLs */
  const inFlight = new Map<string, string>();
  let changed = Date.now();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Document" && e.frameId === mainFrame) documents.add(e.loaderId);
    // the previous page's requests, cut off by the navigation, do not always end with an event
    if (!documents.has(e.loaderId)) return;
    inFlight.set(e.requestId, e.request.url);
    changed = Date.now();
    if (e.type === "Script") {
      scripts.set(e.requestId, { loaderId: e.loaderId, url: e.request.url });
    }
  });
  cdp.on("Network.loadingFinished", (e) => {
    inFlight.delete(e.requestId);
    changed = Date.now();
    const script = scripts.get(e.requestId);
    // the bytes received for it: the encoded body and the response headers
    if (script) script.bytes = e.encodedDataLength;
  });
  cdp.on("Network.loadingFailed", (e) => {
    inFlight.delete(e.requestId);
    changed = Date.now();
  });
  try {
    await load();
    await until();
    const since = Date.now();
    while (inFlight.size > 0 || Date.now() - changed < QUIET_MS) {
      if (Date.now() - since > QUIET_TIMEOUT_MS) {
        throw new Error(
          `the network was not quiet for ${QUIET_MS} ms within ${QUIET_TIMEOUT_MS} ms; in flight: ` +
            [...inFlight.values()].join(", "),
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // the document the page shows now (a redirect keeps its loader; a later navigation is
    // another document, and only the last one counts)
    const { frameTree: shown } = await cdp.send("Page.getFrameTree");
    const shownDocument = shown.frame.loaderId;
    if (!documents.has(shownDocument)) {
      throw new Error("the load made no navigation of the page's main frame");
    }
    const mine = [...scripts.values()].filter((s) => s.loaderId === shownDocument);
    const bytes = mine.reduce((a, s) => a + (s.bytes ?? 0), 0);
    const unread = mine.filter((s) => s.bytes === undefined).map((s) => s.url);
    // never a count short of what the page holds: each of its scripts was counted
    const inPage = await page.$$eval("script[src]:not([nomodule])", (elements) =>
      elements.map((e) => (e as HTMLScriptElement).src),
    );
    const uncounted = inPage.filter((url) => !mine.some((s) => s.url === url));
    if (uncounted.length > 0) {
      throw new Error(`scripts in the page that were not counted: ${uncounted.join(", ")}`);
    }
    return { kb: bytes / 1024, scripts: mine.length, unread };
  } finally {
    await cdp.detach();
  }
}
