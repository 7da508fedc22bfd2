import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { stopProcessGroup } from "./anvil";
import { isPortFree, LOOPBACK, PortInUseError, urlHost } from "./net";
import { paths } from "./paths";
import { run, startService, waitForHttp, type Output } from "./proc";

const NOT_BUILD_INPUTS =
  /^(next-env\.d\.ts|playwright\.config\.|vitest\.config\.|drizzle\.config\.)/;
const SKIP_DIRS = new Set(["node_modules", ".next", ".turbo", "e2e", "test-results"]);

function collectFiles(target: string, out: string[]): void {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isFile()) {
    out.push(target);
    return;
  }
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    collectFiles(path.join(target, entry.name), out);
  }
}

/** Hash of every input of `next build`: web sources, the SDK, configs and the lockfile. */
export function computeWebBuildStamp(): string {
  const web = paths.web;
  const roots = [
    path.join(web, "app"),
    path.join(web, "src"),
    path.join(web, "public"),
    path.join(paths.sdk, "src"),
    path.join(paths.sdk, "package.json"),
    path.join(web, "package.json"),
    path.join(web, "tsconfig.json"),
    path.join(paths.root, "package-lock.json"),
    path.join(paths.root, "tsconfig.base.json"),
  ];
  for (const name of existsSync(web) ? readdirSync(web) : []) {
    // Top-level files (next/postcss config, instrumentation, proxy ...), minus test tooling and
    // next-env.d.ts, which every `next build` rewrites.
    if (NOT_BUILD_INPUTS.test(name)) continue;
    if (/\.(ts|tsx|mts|js|mjs|cjs|json)$/.test(name)) roots.push(path.join(web, name));
  }
  const files: string[] = [];
  for (const r of roots) collectFiles(r, files);
  files.sort();
  const hash = createHash("sha256");
  for (const f of files) {
    if (/\.test\.tsx?$/.test(f)) continue; // tests are not part of the bundle
    hash.update(path.relative(paths.root, f));
    hash.update("\0");
    hash.update(readFileSync(f));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function webBuildIsCurrent(stamp: string): boolean {
  if (!existsSync(path.join(paths.web, ".next", "BUILD_ID"))) return false;
  if (!existsSync(paths.webBuildStamp)) return false;
  return readFileSync(paths.webBuildStamp, "utf8").trim() === stamp;
}

export const webEnvBase = { NEXT_TELEMETRY_DISABLED: "1" };

/** Runs `next build` in apps/web and records the stamp of its inputs. */
export async function buildWeb(output: Output = "inherit"): Promise<void> {
  await run(paths.bin("next"), ["build"], {
    cwd: paths.web,
    env: { ...process.env, ...webEnvBase },
    output,
  });
  // Stamp after the build: `next build` may itself touch inputs (e.g. tsconfig.json).
  const stamp = computeWebBuildStamp();
  mkdirSync(path.dirname(paths.webBuildStamp), { recursive: true });
  writeFileSync(paths.webBuildStamp, `${stamp}\n`);
}

/** Whether process `pid` is alive (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock `lock` (a folder: `mkdir` either creates it or fails, atomically), waiting while
 * another live process holds it; a lock left by a process that died, or without its pid after
 * 10 s (its owner died while taking it), is taken over. Returns its release.
 */
export async function lockFolder(lock: string, pollMs = 1000): Promise<() => void> {
  const owner = path.join(lock, "pid");
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let stale: boolean;
    try {
      stale = existsSync(owner)
        ? !isAlive(Number(readFileSync(owner, "utf8")))
        : Date.now() - statSync(lock).mtimeMs > 10_000;
    } catch {
      stale = false; // released meanwhile: try again
    }
    if (stale) rmSync(lock, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Builds unless the stamp of the inputs matches the last build. Returns whether it built. Callers
 * at once (the Playwright shards of `npm test`, each with its own stack) build one at a time: the
 * one that waited finds the build current and serves it.
 */
export async function buildWebIfNeeded(output: Output = "inherit"): Promise<boolean> {
  if (webBuildIsCurrent(computeWebBuildStamp())) return false;
  const release = await lockFolder(`${paths.webBuildStamp}.lock`);
  try {
    if (webBuildIsCurrent(computeWebBuildStamp())) return false;
    await buildWeb(output);
    return true;
  } finally {
    release();
  }
}

export type WebServerEnv = {
  chainId: number;
  rpcUrl: string;
  publicRpcUrl?: string;
  pgliteDir?: string;
  extra?: Record<string, string | undefined>;
};

export type WebServer = {
  url: string;
  port: number;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * `next start -H host -p port` against the given chain (the app reads RPC_URL/CHAIN_ID at request
 * time). It listens on the loopback unless `host` says otherwise (`npm start`'s WEB_HOST): neighbours
 * on a shared network reach neither the app nor its local-only pages.
 */
export async function startWebServer(
  opts: WebServerEnv & {
    port: number;
    host?: string;
    portEnvVar?: string;
    log?: (chunk: string) => void;
  },
): Promise<WebServer> {
  const { port } = opts;
  const host = opts.host ?? LOOPBACK;
  if (
    !(await isPortFree(port, host)) ||
    !(await isPortFree(port, "127.0.0.1")) ||
    !(await isPortFree(port, "::"))
  ) {
    throw new PortInUseError(port, opts.portEnvVar ?? "WEB_PORT", "the web server");
  }
  let output = "";
  const child = startService(paths.bin("next"), ["start", "-H", host, "-p", String(port)], {
    cwd: paths.web,
    env: {
      ...process.env,
      ...webEnvBase,
      NODE_ENV: "production",
      PORT: String(port),
      CHAIN_ID: String(opts.chainId),
      RPC_URL: opts.rpcUrl,
      PUBLIC_RPC_URL: opts.publicRpcUrl ?? opts.rpcUrl,
      ...(opts.pgliteDir ? { PGLITE_DIR: opts.pgliteDir } : {}),
      ...opts.extra,
    },
    onOutput: (chunk) => {
      output = (output + chunk).slice(-8000);
      opts.log?.(chunk);
    },
  });
  const url = `http://${host === LOOPBACK ? "localhost" : urlHost(host)}:${port}`;
  try {
    await waitForHttp(url, 60_000, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    await stopProcessGroup(child);
    throw new Error(`${(error as Error).message}\n--- next start output ---\n${output}`);
  }
  return { url, port, child, stop: () => stopProcessGroup(child) };
}
