/**
 * What the measuring scripts share (measure-lighthouse.ts, measure-modals.ts, measure-vitals.ts):
 * their options, the median they report, Lighthouse's mobile profile for a Playwright context and
 * its throttling, and the local stack they measure.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { stopProcessGroup } from "./anvil";
import { getFreePort } from "./net";
import { startService, waitForHttp } from "./proc";

/** The value of `--name=value` among `args`, or undefined. */
export function option(args: readonly string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Lighthouse's mobile device for a Playwright context: a Moto G Power-like phone. */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
};

/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4;

/**
 * Lighthouse's mobile network (its constants.js, mobileSlow4G): 150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, applied to every request (CDP latency and throughput, in bytes per second).
 */
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6384 * 1024 * 1024) / 8,
  uploadThroughput: (0.75 * 1024 * 1024) / 8,
};

/**
 * Throttles `page` as Lighthouse's mobile profile does: the CPU slowed {@link CPU_SLOWDOWN}x
 * (CDP Emulation.setCPUThrottlingRate) and, with `network`, every request on {@link NETWORK}
 * (CDP Network.emulateNetworkConditions).
 */
export async function throttle(
  context: BrowserContext,
  page: Page,
  { network }: { network: boolean },
): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  if (!network) return;
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
}

/** The stack of {@link startLocalStack}: where it answers, and how to stop it. */
export type LocalStack = {
  baseUrl: string;
  rpcUrl: string;
  databaseUrl: string;
  indexerUrl: string;
  stop: () => Promise<void>;
};

/**
 * `npm start`'s stack (scripts/src/start.ts: anvil, deploy and seed, `next build` when needed,
 * `next start`, the indexer and the keeper) of the checkout at `root`, on free ports with
 * throwaway databases (removed by `stop`), once `waitPath` answers. Its `[n/m]` step lines are
 * printed; the rest of its output only when it does not start.
 */
export async function startLocalStack({
  root,
  waitPath,
  timeoutMs,
  tag,
}: {
  root: string;
  waitPath: string;
  timeoutMs: number;
  /** names the throwaway database folders (`<tag>-pglite-...`) */
  tag: string;
}): Promise<LocalStack> {
  const pglite = mkdtempSync(path.join(os.tmpdir(), `${tag}-pglite-`));
  const indexerPglite = mkdtempSync(path.join(os.tmpdir(), `${tag}-indexer-`));
  const [webPort, anvilPort, dbPort, indexerPort] = [
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
  ];
  let output = "";
  const child: ChildProcess = startService(
    process.execPath,
    ["--import", "tsx", "scripts/src/start.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        ANVIL_PORT: String(anvilPort),
        DB_PORT: String(dbPort),
        INDEXER_PORT: String(indexerPort),
        PGLITE_DIR: pglite,
        INDEXER_PGLITE_DIR: indexerPglite,
        NEXT_TELEMETRY_DISABLED: "1",
      },
      onOutput: (chunk) => {
        output = (output + chunk).slice(-8000);
        for (const line of chunk.split("\n")) if (/^\[\d\/\d\]/.test(line)) console.log(line);
      },
    },
  );
  const stop = async () => {
    await stopProcessGroup(child, 15_000);
    rmSync(pglite, { recursive: true, force: true });
    rmSync(indexerPglite, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${webPort}`;
  try {
    // A cold start builds the contracts and the web app: a few minutes on 2 cores.
    await waitForHttp(`${baseUrl}${waitPath}`, timeoutMs, () => child.exitCode === null);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- npm start output ---\n${output}`);
  }
  return {
    baseUrl,
    rpcUrl: `http://127.0.0.1:${anvilPort}`,
    databaseUrl: `postgres://postgres@127.0.0.1:${dbPort}/postgres`,
    indexerUrl: `http://127.0.0.1:${indexerPort}`,
    stop,
  };
}
