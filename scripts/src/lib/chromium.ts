import { existsSync } from "node:fs";

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium (apt-get install chromium-headless-shell): the
 * browser without its UI, as Playwright runs headless by default. The browser tests use it when it
 * is there: the same pages cost about a third less CPU than in the full browser run headless
 * (docs/benchmarks.md, issue 26 goal 4, thirteenth session). The measurement scripts (Lighthouse,
 * vitals, modals, page JS) keep the full browser, so their figures stay comparable with the
 * recorded ones.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * The browser the Playwright journeys run in: `CHROMIUM_PATH` when set, else the headless shell
 * when installed, else the full Chromium.
 */
export function testBrowserPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(CHROMIUM_HEADLESS_SHELL_PATH) ? CHROMIUM_HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

/**
 * Launch flags for headless Chromium on these machines: no sandbox (root), and no background
 * networking, which the closed network would refuse at every start (TOOLCHAIN.md).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
