/**
 * A visitor's JavaScript as Lighthouse counts it, per route and per file: every script response
 * until the network is idle, bytes on the wire (gzip as served) plus response headers, cache
 * off; the same reading as the e2e budget (`apps/web/e2e/support/budget.ts`). `--settle` waits
 * 3 s more and for the network to be idle again, so a chunk a slow machine fetches after a first
 * idle moment (a part loaded after hydration) is counted too. `--files` lists each file.
 *
 *   npx tsx scripts/src/measure-script-transfer.ts http://localhost:3000/lending [more urls] [--settle] [--files]
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";

const args = process.argv.slice(2);
const urls = args.filter((a) => !a.startsWith("--"));
const settle = args.includes("--settle");
const listFiles = args.includes("--files");
if (urls.length === 0) {
  console.error(
    "usage: npx tsx scripts/src/measure-script-transfer.ts <url>... [--settle] [--files]",
  );
  process.exit(2);
}

interface Row {
  file: string;
  body: number;
  headers: number;
}

const kb = (n: number) => (n / 1024).toFixed(1);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const url of urls) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const rows: Promise<Row>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const file = new URL(response.url()).pathname;
      rows.push(
        response
          .finished()
          .then(() => response.request().sizes())
          .then((s) => ({ file, body: s.responseBodySize, headers: s.responseHeadersSize }))
          .catch(() => ({ file, body: 0, headers: 0 })),
      );
    });
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    if (settle) {
      await page.waitForTimeout(3000);
      await page.waitForLoadState("networkidle");
    }
    const all = await Promise.all(rows);
    const total = all.reduce((sum, r) => sum + r.body + r.headers, 0);
    const headers = all.reduce((sum, r) => sum + r.headers, 0);
    console.log(`${url}: ${kb(total)} KB, ${all.length} files, headers ${kb(headers)} KB`);
    if (listFiles) {
      for (const r of all)
        console.log(`  ${r.file.padEnd(48)} ${kb(r.body).padStart(6)} KB + ${r.headers} B`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
