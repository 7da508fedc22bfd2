import type { Page } from "@playwright/test";

/** What {@link scriptTransferKb} counted: the kilobytes, and the script responses behind them. */
export type ScriptTransfer = {
  kb: number;
  /** script responses counted */
  scripts: number;
  /** script responses whose size could not be read (the check must not pass on a 0 for them) */
  unread: string[];
};

/**
 * The JavaScript a page fetches while `load` runs and until the network is idle (or, with
 * `until`, until that resolves), counted as Lighthouse counts it: every script response's bytes
 * on the wire (gzip as served) plus its headers. The browser cache is off, so every navigation
 * fetches every script again.
 */
export async function scriptTransferKb(
  page: Page,
  load: () => Promise<unknown>,
  until: () => Promise<unknown> = () => page.waitForLoadState("networkidle"),
): Promise<ScriptTransfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const sizes: Promise<number | string>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .finished()
        .then(() => response.request().sizes())
        .then((s) => s.responseBodySize + s.responseHeadersSize)
        .catch(() => response.url()),
    );
  };
  page.on("response", onResponse);
  try {
    await load();
    await until();
    const read = await Promise.all(sizes);
    const bytes = read.reduce<number>((a, b) => a + (typeof b === "number" ? b : 0), 0);
    const unread = read.filter((b): b is string => typeof b === "string");
    return { kb: bytes / 1024, scripts: read.length, unread };
  } finally {
    page.off("response", onResponse);
    await cdp.detach();
  }
}
