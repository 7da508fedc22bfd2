/**
 * `npm test`: every check of the repo in order, failing fast, with a summary line at the end.
 * `npm test -- --keep-going` runs every step even after a failure; `--verbose` shows all output.
 * Quiet steps show their output only when they fail; forge test, vitest and Playwright stream it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { paths } from "./lib/paths";
import { CommandFailedError, run, stopAllChildren } from "./lib/proc";
import { getFreePort } from "./lib/net";
import { startTestPostgres } from "./lib/postgres";
import { buildWeb } from "./lib/web";

type Step = { name: string; show?: boolean; action: (show: boolean) => Promise<unknown> };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const bin = paths.bin;
const out = (show: boolean): "inherit" | "capture" => (show ? "inherit" : "capture");
const ci = {
  ...process.env,
  CI: process.env.CI ?? "true",
  NEXT_TELEMETRY_DISABLED: "1",
  FORCE_COLOR: "1",
};

async function ensureSystemDeps(show: boolean) {
  if (existsSync(CHROMIUM)) return;
  const install = "apt-get update && apt-get install -y chromium fonts-noto-color-emoji";
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing. Install it with:\n  sudo sh -c '${install}'`);
  }
  console.log(`${CHROMIUM} is missing: ${install}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["update"], { env, output: out(show) });
  await run("apt-get", ["install", "-y", "chromium", "fonts-noto-color-emoji"], {
    env,
    output: out(show),
  });
}

const contractsScript = (script: string) => (show: boolean) =>
  run("npm", ["run", "--silent", script, "-w", "@lending/contracts"], {
    cwd: paths.root,
    env: ci,
    output: out(show),
  });

const steps: Step[] = [
  { name: "System dependencies (Chromium)", action: ensureSystemDeps },
  {
    name: "Format: prettier --check",
    action: (s) => run(bin("prettier"), ["--check", "."], { cwd: paths.root, output: out(s) }),
  },
  {
    name: "Lint: eslint --max-warnings 0",
    action: (s) =>
      run(bin("eslint"), [".", "--max-warnings", "0"], { cwd: paths.root, output: out(s) }),
  },
  { name: "Solidity format: forge fmt --check", action: contractsScript("fmt:check") },
  { name: "Contracts: forge build", action: contractsScript("build") },
  {
    name: "ABIs: wagmi generate",
    action: async (s) => {
      await run("npm", ["run", "--silent", "generate", "-w", "@lending/sdk"], {
        cwd: paths.root,
        output: out(s),
      });
      // The generated ABIs are committed: a stale copy fails here, not in someone's editor.
      if (existsSync(path.join(paths.root, ".git"))) {
        await run("git", ["diff", "--exit-code", "--stat", "--", "packages/sdk/src/abi"], {
          cwd: paths.root,
          output: out(s),
        });
      }
    },
  },
  {
    name: "Typecheck: tsc --noEmit (sdk, indexer, scripts, web)",
    action: async (s) => {
      for (const project of ["packages/sdk", "packages/indexer", "scripts", "apps/web"]) {
        await run(bin("tsc"), ["--noEmit", "-p", project], { cwd: paths.root, output: out(s) });
      }
    },
  },
  { name: "Contracts: forge test", show: true, action: contractsScript("test") },
  {
    name: "Unit and integration tests: vitest run",
    show: true,
    action: (s) => run(bin("vitest"), ["run"], { cwd: paths.root, env: ci, output: out(s) }),
  },
  {
    name: "API tests on Postgres: vitest run (app/api, src/server) with DATABASE_URL",
    show: true,
    action: async (s) => {
      const pg = await startTestPostgres(s, await getFreePort());
      if ("skipped" in pg) {
        console.log(`SKIPPED: the API tests ran on PGlite only. Reason: ${pg.skipped}`);
        return;
      }
      try {
        await run(bin("vitest"), ["run", "--project", "@lending/web", "app/api", "src/server"], {
          cwd: paths.root,
          env: { ...ci, DATABASE_URL: pg.url },
          output: "inherit",
        });
      } finally {
        await pg.stop();
      }
    },
  },
  {
    // as `npm start` runs the app: PGlite served over the wire protocol, reached through `pg`
    name: "API tests on served PGlite: vitest run (app/api, src/server) with API_TEST_DATABASE=served",
    show: true,
    action: () =>
      run(bin("vitest"), ["run", "--project", "@lending/web", "app/api", "src/server"], {
        cwd: paths.root,
        env: { ...ci, DATABASE_URL: undefined, API_TEST_DATABASE: "served" },
        output: "inherit",
      }),
  },
  { name: "Web: next build", action: (s) => buildWeb(out(s)) },
  {
    name: "Browser tests: playwright test",
    show: true,
    action: (s) =>
      run(bin("playwright"), ["test"], {
        cwd: paths.web,
        env: { ...ci, CHROMIUM_PATH: CHROMIUM },
        output: out(s),
      }),
  },
  {
    // The system as it would run on Base (scripts/src/lib/rehearsal.ts): chain 84532, the
    // production deploy path, Postgres, two web replicas behind a proxy, the keeper's own key.
    // After the browser tests: it reuses their `next build`.
    name: "Production rehearsal: playwright test -c playwright.rehearsal.config.ts",
    show: true,
    action: async (s) => {
      const pg = postgresForRehearsal();
      if (pg) {
        console.log(`SKIPPED: the production rehearsal did not run. Reason: ${pg}`);
        return;
      }
      await run(bin("playwright"), ["test", "-c", "playwright.rehearsal.config.ts"], {
        cwd: paths.web,
        env: { ...ci, CHROMIUM_PATH: CHROMIUM, DATABASE_URL: undefined },
        output: out(s),
      });
    },
  },
];

/**
 * Why the rehearsal cannot have its Postgres (not root and not installed), or undefined: as root
 * a missing Postgres is installed by the rehearsal's own setup (`startTestPostgres`).
 */
function postgresForRehearsal(): string | undefined {
  if (process.getuid?.() === 0 || existsSync("/usr/lib/postgresql")) return undefined;
  return "Postgres is not installed (sudo apt-get install -y postgresql)";
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

async function main(): Promise<number> {
  const verbose = process.argv.includes("--verbose");
  // --keep-going runs every step even after a failure (local use; CI fails fast).
  const keepGoing = process.argv.includes("--keep-going");
  const results: { name: string; ok: boolean; ms: number }[] = [];
  const t0 = Date.now();
  for (const [i, step] of steps.entries()) {
    console.log(`\n=== [${i + 1}/${steps.length}] ${step.name} ===`);
    const started = Date.now();
    try {
      await step.action(verbose || step.show === true);
      results.push({ name: step.name, ok: true, ms: Date.now() - started });
      console.log(`--- ok (${fmt(Date.now() - started)})`);
    } catch (error) {
      results.push({ name: step.name, ok: false, ms: Date.now() - started });
      if (error instanceof CommandFailedError) {
        if (error.output) console.error(error.output.trimEnd());
        console.error(`--- FAILED: ${error.message}`);
      } else {
        console.error(`--- FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!keepGoing) break;
    }
  }
  await stopAllChildren();
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  const notRun = steps.length - results.length;
  console.log(`\n=== Summary (${fmt(Date.now() - t0)}) ===`);
  for (const r of results) console.log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name} (${fmt(r.ms)})`);
  for (const s of steps.slice(results.length)) console.log(`  ----  ${s.name} (not run)`);
  console.log(`${passed} passed, ${failed} failed${notRun ? `, ${notRun} not run` : ""}`);
  return failed ? 1 : 0;
}

const onSignal = () => void stopAllChildren().then(() => process.exit(130));
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await stopAllChildren();
    process.exit(1);
  },
);
