/**
 * Measures the JavaScript a page loads on first visit: fetches the served HTML, collects every
 * `<script src>` (skipping `noModule` polyfills) and sums their gzip size.
 *
 *   npx tsx scripts/src/measure-bundle.ts http://localhost:3100/lending [more urls...]
 *
 * Exits 1 when a page exceeds the budget (--budget-kb, default 200).
 */
import { measurePageScripts } from "./lib/bundle";

const args = process.argv.slice(2);
const budgetArg = args.find((a) => a.startsWith("--budget-kb="));
const budgetKb = budgetArg ? Number(budgetArg.split("=")[1]) : 200;
const urls = args.filter((a) => !a.startsWith("--"));
if (urls.length === 0) {
  console.error("usage: npx tsx scripts/src/measure-bundle.ts <page url> [--budget-kb=200]");
  process.exit(2);
}

const kb = (n: number) => (n / 1024).toFixed(1);

let failed = false;
for (const url of urls) {
  const { rows, total } = await measurePageScripts(url);
  console.log(`\n${url}`);
  const width = Math.max(...rows.map((r) => r.file.length), 5);
  console.log(`${"file".padEnd(width)}  ${"raw KB".padStart(9)}  ${"gzip KB".padStart(9)}`);
  for (const r of [...rows.sort((a, b) => b.gzip - a.gzip), total]) {
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(9)}`);
  }
  const ok = total.gzip / 1024 <= budgetKb;
  console.log(`${ok ? "within" : "OVER"} budget of ${budgetKb} KB gzip (${rows.length} scripts)`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
