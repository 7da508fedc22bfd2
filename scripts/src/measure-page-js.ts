/**
 * Measures every JavaScript file a real browser fetches on a first visit, until the network is
 * idle: the HTML's scripts plus the chunks loaded right after hydration (e.g. the SDK chunk the
 * pool list imports). Sizes are gzip of each body (level 9 is not used: default level, as a
 * server would send). Uses Debian's Chromium.
 *
 *   npx tsx scripts/src/measure-page-js.ts http://localhost:3000/lending [more urls...]
 */
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error("usage: npx tsx scripts/src/measure-page-js.ts <page url> [more urls...]");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  for (const url of urls) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes = new Map<string, { raw: number; gzip: number }>();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script") return;
      pending.push(
        response
          .body()
          .then((body) => {
            sizes.set(new URL(response.url()).pathname, {
              raw: body.length,
              gzip: gzipSync(body).length,
            });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    await Promise.all(pending);
    const total = [...sizes.values()].reduce(
      (a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }),
      { raw: 0, gzip: 0 },
    );
    console.log(
      `${url}: ${sizes.size} scripts, ${(total.raw / 1024).toFixed(1)} KB raw, ${(total.gzip / 1024).toFixed(1)} KB gzip (all JS fetched until network idle)`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
