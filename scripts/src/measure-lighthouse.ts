/**
 * Lighthouse (the `lighthouse` package, programmatic API) on a page of the production build:
 * default mobile config (Moto G Power emulation, simulated throttling: 150 ms RTT, 1.6 Mbps,
 * 4x CPU slowdown), performance category only, Debian's Chromium headless (never a downloaded
 * browser), error reporting off. Runs N times, a fresh Chromium profile per run, after one
 * warm-up run that is not counted, and prints the median of each figure.
 *
 *   npx tsx scripts/src/measure-lighthouse.ts [--runs=5] [--path=/lending]
 *       [--path=/a,/b | --path=all]  several routes in one stack (all: every spec route)
 *       [--root=<checkout>]   start the local stack of that checkout (default: this one)
 *       [--url=<base url>]    or measure a server that is already running (no stack started)
 *       [--save=<dir>]        also write every Lighthouse report (JSON) there
 *
 * The stack is the one `npm start` serves (anvil, deploy and seed, `next build` when needed,
 * `next start`, the indexer and the keeper), started on free ports with throwaway databases and
 * stopped at the end (lib/measure.ts).
 *
 * Exits 1 when a median misses a goal (issue 26: score >= 95, LCP <= 2.0 s, TBT <= 150 ms,
 * CLS <= 0.05; a visitor's JS <= 150 KB).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { SPEC_ROUTES } from "../../apps/web/e2e/support/routes";
import { stopProcessGroup } from "./lib/anvil";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";
import { median, option, startLocalStack } from "./lib/measure";
import { paths } from "./lib/paths";

const GOALS = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, jsKb: 150 };

const args = process.argv.slice(2);
const opt = (name: string) => option(args, name);
const runs = Number(opt("runs") ?? 5);
const pathOpt = opt("path") ?? "/lending";
const pagePaths: string[] = pathOpt === "all" ? [...SPEC_ROUTES] : pathOpt.split(",");
const root = path.resolve(opt("root") ?? paths.root);
const givenUrl = opt("url");
const saveDir = opt("save");
if (!Number.isInteger(runs) || runs < 1 || !pagePaths.every((p) => p.startsWith("/"))) {
  console.error(
    "usage: npx tsx scripts/src/measure-lighthouse.ts [--runs=5] [--path=/lending|/a,/b|all] [--root=<checkout>] [--url=<base url>] [--save=<dir>]",
  );
  process.exit(2);
}

type Sample = {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  si: number;
  /** Bytes on the wire (gzip as served) of every script, from the resource-summary audit. */
  jsTransfer: number;
  jsRequests: number;
  benchmarkIndex: number;
};

type Chromium = { port: number; version: string; stop: () => Promise<void> };

/** Debian's Chromium with a DevTools port and a fresh profile (cold cache). */
async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "lh-chromium-"));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = async () => {
    await stopProcessGroup(child);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let err = "";
      const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 30_000);
      child.stderr!.on("data", (d: Buffer) => {
        err += d.toString();
        const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (code ${code}):\n${err}`));
      });
    });
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      Browser: string;
    };
    return { port, version: info.Browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function lighthouseRun(url: string, save?: string): Promise<Sample & { version: string }> {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // No error reporting: only the CLI initialises it (cli/bin.js, opt-in), never this API.
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (save) writeFileSync(save, typeof result.report === "string" ? result.report : "");
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse report has no ${id}`);
      return value;
    };
    const summary = lhr.audits["resource-summary"]?.details as
      { items: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined;
    const script = summary?.items.find((i) => i.resourceType === "script");
    if (!script) throw new Error("Lighthouse report has no script resource summary");
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      fcp: audit("first-contentful-paint"),
      cls: audit("cumulative-layout-shift"),
      si: audit("speed-index"),
      jsTransfer: script.transferSize,
      jsRequests: script.requestCount,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      version: `Lighthouse ${lhr.lighthouseVersion}, ${chromium.version}`,
    };
  } finally {
    await chromium.stop();
  }
}

type Stack = { url: string; stop: () => Promise<void> };

/** `npm start`'s stack of the checkout at `root` (lib/measure.ts), once the first page answers. */
async function startStack(): Promise<Stack> {
  const local = await startLocalStack({
    root,
    waitPath: pagePaths[0]!,
    timeoutMs: 15 * 60_000,
    tag: "lh",
  });
  return { url: local.baseUrl, stop: local.stop };
}

const stack: Stack = givenUrl
  ? { url: givenUrl.replace(/\/$/, ""), stop: async () => {} }
  : await startStack();
let failed = false;
const rows: string[] = [];
try {
  for (const pagePath of pagePaths) {
    const url = `${stack.url}${pagePath}`;
    console.log(`Lighthouse on ${url} (${givenUrl ? "running server" : `stack of ${root}`})`);
    const dir = saveDir ? path.join(saveDir, pagePath.replace(/[^a-z0-9]+/gi, "_")) : "";
    if (dir) mkdirSync(dir, { recursive: true });
    // warms the server (first renders, chain reads); a failed trace (NO_NAVSTART) is repeated once
    const warm = await lighthouseRun(url).catch((error: Error) => {
      console.log(`  warm-up failed (${error.message}): repeated`);
      return lighthouseRun(url);
    });
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const save = dir ? path.join(dir, `run-${i + 1}.json`) : "";
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated once.
      const s = await lighthouseRun(url, save).catch((error: Error) => {
        console.log(`  run ${i + 1} failed (${error.message}): repeated`);
        return lighthouseRun(url, save);
      });
      samples.push(s);
      console.log(
        `  run ${i + 1}: score ${s.score}  LCP ${s.lcp.toFixed(0)} ms  TBT ${s.tbt.toFixed(0)} ms  ` +
          `FCP ${s.fcp.toFixed(0)} ms  CLS ${s.cls.toFixed(3)}  SI ${s.si.toFixed(0)} ms  ` +
          `JS ${(s.jsTransfer / 1024).toFixed(1)} KB (${s.jsRequests} scripts)  ` +
          `benchmarkIndex ${s.benchmarkIndex.toFixed(0)}  load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
    const score = m("score");
    const lcp = m("lcp");
    const tbt = m("tbt");
    const cls = m("cls");
    const js = m("jsTransfer") / 1024;
    const verdict = (ok: boolean) => {
      if (!ok) failed = true;
      return ok ? "met" : "MISSED";
    };
    console.log(`
${warm.version}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}; median benchmarkIndex ${m("benchmarkIndex").toFixed(0)}
Median of ${runs} runs (each figure on its own) for ${url}:
  Performance score  ${score}  (goal >= ${GOALS.score}: ${verdict(score >= GOALS.score)})
  LCP                ${(lcp / 1000).toFixed(2)} s  (goal <= ${GOALS.lcpMs / 1000} s: ${verdict(lcp <= GOALS.lcpMs)})
  TBT                ${tbt.toFixed(0)} ms  (goal <= ${GOALS.tbtMs} ms: ${verdict(tbt <= GOALS.tbtMs)})
  FCP                ${(m("fcp") / 1000).toFixed(2)} s
  CLS                ${cls.toFixed(3)}  (goal <= ${GOALS.cls}: ${verdict(cls <= GOALS.cls)})
  Speed Index        ${(m("si") / 1000).toFixed(2)} s
  JS transferred     ${js.toFixed(1)} KB gzip, ${m("jsRequests")} scripts  (a visitor's goal <= ${GOALS.jsKb} KB: ${verdict(js <= GOALS.jsKb)})`);
    rows.push(
      `| ${pagePath} | ${score} | ${(lcp / 1000).toFixed(2)} s | ${tbt.toFixed(0)} ms | ${cls.toFixed(3)} | ${(m("fcp") / 1000).toFixed(2)} s | ${js.toFixed(1)} KB |`,
    );
  }
  console.log(`
Medians of ${runs} runs per route (load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}):

| Route | Score | LCP | TBT | CLS | FCP | JS (gzip) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}`);
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
