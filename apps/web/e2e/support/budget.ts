import type { Page } from "@playwright/test";

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
): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .finished()
        .then(() => response.request().sizes())
        .then((s) => s.responseBodySize + s.responseHeadersSize)
        .catch(() => 0),
    );
  };
  page.on("response", onResponse);
  try {
    await load();
    await until();
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return bytes / 1024;
  } finally {
    page.off("response", onResponse);
    await cdp.detach();
  }
}
