/**
 * Measures the JavaScript a page loads on first visit: fetches the served HTML, collects every
 * `<script src>` (skipping `noModule` polyfills) and sums their gzip size.
 *
 *   npx tsx scripts/src/measure-bundle.ts http://localhost:3100/lending [more urls...]
 *
 * Exits 1 when a page exceeds the budget (--budget-kb, default 200).
 */
import { gzipSync } from "node:zlib";

interface Row {
  file: string;
  raw: number;
  gzip: number;
}

const args = process.argv.slice(2);
const budgetArg = args.find((a) => a.startsWith("--budget-kb="));
const budgetKb = budgetArg ? Number(budgetArg.split("=")[1]) : 200;
const urls = args.filter((a) => !a.startsWith("--"));
if (urls.length === 0) {
  console.error("usage: npx tsx scripts/src/measure-bundle.ts <page url> [--budget-kb=200]");
  process.exit(2);
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** `<script ... src="...">` tags of the HTML, without the noModule ones. */
export function scriptSources(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? "";
    if (/\bnomodule\b/i.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1];
    if (src && !out.includes(src)) out.push(src.replace(/&amp;/g, "&"));
  }
  return out;
}

async function measure(pageUrl: string): Promise<{ rows: Row[]; total: Row }> {
  const res = await fetch(pageUrl);
  if (!res.ok) throw new Error(`${pageUrl}: HTTP ${res.status}`);
  const html = await res.text();
  const rows: Row[] = [];
  for (const src of scriptSources(html)) {
    const url = new URL(src, pageUrl).toString();
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    rows.push({ file: src, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const total = rows.reduce<Row>(
    (t, r) => ({ file: "TOTAL", raw: t.raw + r.raw, gzip: t.gzip + r.gzip }),
    { file: "TOTAL", raw: 0, gzip: 0 },
  );
  return { rows, total };
}

let failed = false;
for (const url of urls) {
  const { rows, total } = await measure(url);
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
