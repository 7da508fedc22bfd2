/**
 * The JavaScript a page loads on first visit: the `<script src>` of its served HTML (without the
 * `noModule` polyfills), each fetched and gzipped (level 9). Used by `measure-bundle.ts` and by
 * the browser tests' budget check on every route.
 */
import { gzipSync } from "node:zlib";

export interface ScriptSize {
  file: string;
  raw: number;
  gzip: number;
}

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

/** Every first-load script of `pageUrl` with its size, and their total. */
export async function measurePageScripts(
  pageUrl: string,
): Promise<{ rows: ScriptSize[]; total: ScriptSize }> {
  const res = await fetch(pageUrl);
  if (!res.ok) throw new Error(`${pageUrl}: HTTP ${res.status}`);
  const html = await res.text();
  const rows: ScriptSize[] = [];
  for (const src of scriptSources(html)) {
    const url = new URL(src, pageUrl).toString();
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    rows.push({ file: src, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const total = rows.reduce<ScriptSize>(
    (t, r) => ({ file: "TOTAL", raw: t.raw + r.raw, gzip: t.gzip + r.gzip }),
    { file: "TOTAL", raw: 0, gzip: 0 },
  );
  return { rows, total };
}

/** One route's JavaScript, as the browser tests count it (KB: bytes on the wire / 1024). */
export interface RouteKb {
  route: string;
  kb: number;
}

/**
 * The routes over a budget, as the browser tests report them (`/lending: 151.2 KB`): the e2e
 * check of every spec route (apps/web/e2e/routes.spec.ts) expects this list to be empty.
 */
export function overBudget(measured: readonly RouteKb[], budgetKb: number): string[] {
  return measured.filter((m) => m.kb > budgetKb).map((m) => `${m.route}: ${m.kb.toFixed(1)} KB`);
}
