/**
 * `npm test`: every check of the repo, failing fast, with a summary line at the end.
 * `npm test -- --keep-going` runs every step even after a failure; `--verbose` shows all output;
 * `--steps=1-3,9` runs only those steps, and any step they run after (local use: checking the
 * runner or one stage). `PLAYWRIGHT_SHARDS=2 npm test` runs the browser tests in two shards side
 * by side, each on its own stack (one by default: on 2 cores two stacks beside vitest overload the
 * machine; the default's second stack, `playwrightLate`, starts only once the API passes are done).
 *
 * The steps run in phases. A phase with one lane runs its steps in order; a phase with more
 * lanes runs them side by side (the machine has 2 cores, and most steps use one, or wait on a
 * chain or a child process much of the time). The first lane of a phase streams its output as
 * before; the other lanes' output is kept and printed, step by step with its own `=== [n/N]`
 * header and `--- ok`, once the first lane is done. Quiet steps show their output only when they
 * fail; forge test, vitest and Playwright show it. A failure in any lane stops the other lanes
 * (unless --keep-going) and the summary names the step that failed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { paths } from "./lib/paths";
import { CommandFailedError, run, stopAllChildren, type Output } from "./lib/proc";
import { getFreePort } from "./lib/net";
import { startTestPostgres } from "./lib/postgres";
import { buildWeb } from "./lib/web";
import { failureLines } from "./lib/failures";
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH, testBrowserPath } from "./lib/chromium";

/** How a step writes: its commands' output mode, and `note` for its own lines (a skip reason). */
type Io = { output: Output; note: (line: string) => void };
/** A step's action answers its commands' captured output (printed for a shown step in a lane). */
type Step = {
  name: string;
  show?: boolean;
  /** A step of another lane this one needs first (it waits for it, when that step is run). */
  after?: () => Step;
  action: (io: Io) => Promise<string | void>;
};
/** Lanes run side by side; the steps of a lane run in order. */
type Phase = Step[][];

const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_PATH;
const bin = paths.bin;
const ci = {
  ...process.env,
  CI: process.env.CI ?? "true",
  NEXT_TELEMETRY_DISABLED: "1",
  FORCE_COLOR: "1",
};

/**
 * Chromium (and its emoji font), then its headless shell, which the browser tests run in when it
 * is there (scripts/src/lib/chromium.ts): a missing one is installed with apt-get as root. Without
 * root, a missing Chromium fails with the command to run; a missing headless shell only prints it
 * (the journeys then run in the full Chromium, which costs them more CPU).
 */
async function ensureSystemDeps({ output, note }: Io) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const root = process.getuid?.() === 0;
  if (!existsSync(CHROMIUM)) {
    const install = "apt-get update && apt-get install -y chromium fonts-noto-color-emoji";
    if (!root) {
      throw new Error(`${CHROMIUM} is missing. Install it with:\n  sudo sh -c '${install}'`);
    }
    note(`${CHROMIUM} is missing: ${install}`);
    await run("apt-get", ["update"], { env, output });
    await run("apt-get", ["install", "-y", "chromium", "fonts-noto-color-emoji"], { env, output });
  }
  if (process.env.CHROMIUM_PATH || existsSync(CHROMIUM_HEADLESS_SHELL_PATH)) return;
  // the shell of the installed Chromium's own version: an unpinned install could upgrade
  // Chromium itself (both depend on the same chromium-common), the browser the measurement
  // scripts use
  const version = installedPackageVersion("chromium");
  if (!version) {
    note(
      `${CHROMIUM_HEADLESS_SHELL_PATH} is missing and ${CHROMIUM} is not Debian's package: the ` +
        `browser tests run in ${CHROMIUM}`,
    );
    return;
  }
  const shell = ["install", "-y", `chromium-headless-shell=${version}`];
  if (!root) {
    note(
      `${CHROMIUM_HEADLESS_SHELL_PATH} is missing: the browser tests run in ${CHROMIUM}, which costs ` +
        `them more CPU. Install it with:\n  sudo apt-get ${shell.join(" ")}`,
    );
    return;
  }
  note(`${CHROMIUM_HEADLESS_SHELL_PATH} is missing: apt-get ${shell.join(" ")}`);
  try {
    await run("apt-get", shell, { env, output });
  } catch {
    // stale package lists: once more after an update
    note(`apt-get update && apt-get ${shell.join(" ")}`);
    try {
      await run("apt-get", ["update"], { env, output });
      await run("apt-get", shell, { env, output });
    } catch (error) {
      note(
        `${CHROMIUM_HEADLESS_SHELL_PATH} could not be installed (${error instanceof Error ? error.message : String(error)}): ` +
          `the browser tests run in ${CHROMIUM}`,
      );
    }
  }
}

/** The installed version of a Debian package (dpkg-query), or undefined. */
function installedPackageVersion(name: string): string | undefined {
  try {
    const version = execFileSync("dpkg-query", ["-W", "-f=${Version}", name], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return version || undefined;
  } catch {
    return undefined;
  }
}

const contractsScript =
  (script: string) =>
  ({ output }: Io) =>
    run("npm", ["run", "--silent", script, "-w", "@lending/contracts"], {
      cwd: paths.root,
      env: ci,
      output,
    });

const systemDeps: Step = {
  name: "System dependencies (Chromium, its headless shell)",
  action: ensureSystemDeps,
};
const prettier: Step = {
  name: "Format: prettier --check",
  action: ({ output }) => run(bin("prettier"), ["--check", "."], { cwd: paths.root, output }),
};
const eslint: Step = {
  name: "Lint: eslint --max-warnings 0",
  action: ({ output }) =>
    run(bin("eslint"), [".", "--max-warnings", "0"], { cwd: paths.root, output }),
};
const solidityFormat: Step = {
  name: "Solidity format: forge fmt --check",
  action: contractsScript("fmt:check"),
};
const forgeBuild: Step = { name: "Contracts: forge build", action: contractsScript("build") };
const abis: Step = {
  name: "ABIs: wagmi generate",
  action: async ({ output }) => {
    let text = await run("npm", ["run", "--silent", "generate", "-w", "@lending/sdk"], {
      cwd: paths.root,
      output,
    });
    // The generated ABIs are committed: a stale copy fails here, not in someone's editor.
    if (existsSync(path.join(paths.root, ".git"))) {
      text += await run("git", ["diff", "--exit-code", "--stat", "--", "packages/sdk/src/abi"], {
        cwd: paths.root,
        output,
      });
    }
    return text;
  },
};
/**
 * Two tsc programs: the SDK, the indexer and the scripts in one (tsconfig.typecheck.json, the
 * union of their `include`s, the same options), the web in its own. In one program the SDK's
 * sources and the libraries' declarations (viem, wagmi, Ponder) are read and checked once, not
 * once per project: 68 CPU-seconds instead of 136 (docs/benchmarks.md, issue 26 goal 4, tenth
 * session). The three share no global declarations but identical ones (Ponder's only declare its
 * `ponder:*` modules); the web's do (Next's make `NODE_ENV` a required member of every
 * `ProcessEnv`: 18 false errors in the scripts), so it stays alone. `tsc --noEmit -p <package>`
 * still checks one package by itself.
 */
const typecheck: Step = {
  name: "Typecheck: tsc --noEmit (sdk + indexer + scripts, then web)",
  action: async ({ output }) => {
    let text = "";
    for (const project of ["tsconfig.typecheck.json", "apps/web"]) {
      text += await run(bin("tsc"), ["--noEmit", "-p", project], { cwd: paths.root, output });
    }
    return text;
  },
};
const forgeTest: Step = {
  name: "Contracts: forge test",
  show: true,
  action: contractsScript("test"),
};
/**
 * vitest, every project in one invocation with one anvil (`VITEST_SPLIT=0`; by default the two
 * invocations of {@link vitestLane}, below). Beside two browser shards, the two invocations made
 * four lanes, which overloaded this 2-core machine: docs/benchmarks.md, issue 26 goal 4, fifth
 * session.
 */
/**
 * vitest retries a failed test once, as Playwright does under CI (its config): one slow moment of a
 * loaded machine (a child process's start, a poll's deadline) must not cost a whole run; a test that
 * fails twice fails the run, and the summary names it (lib/failures.ts).
 */
const VITEST_RETRY = "--retry=1";
/**
 * Whether the API passes run after the first vitest step (set by main from the steps picked): then
 * that step leaves out the web files they run (`VITEST_DATABASE_FILES=0`, vitest.config.mts), which
 * it ran a third time on an in-process PGlite (docs/benchmarks.md, issue 26 goal 4, eleventh
 * session). The served pass decides: it always runs (the Postgres pass may be skipped).
 */
let apiPassesFollow = true;
const firstVitestEnv = () => ({
  ...ci,
  VITEST_DATABASE_FILES: apiPassesFollow ? "0" : undefined,
});
const vitest: Step = {
  name: "Unit and integration tests: vitest run",
  show: true,
  action: ({ output }) =>
    run(bin("vitest"), ["run", VITEST_RETRY], { cwd: paths.root, env: firstVitestEnv(), output }),
};
/**
 * vitest as its two invocations (vitest.config.mts), each in a lane of its own after the build:
 * `VITEST_LANE=chain` (the SDK and web projects) then the API passes, and
 * `VITEST_LANE=processes` (the indexer, one Ponder at a time, and the scripts) then the
 * rehearsal, beside Playwright: three lanes. The rehearsal was after Playwright, the longest lane.
 * Measured on fresh clones of the same machine, the same day: three lanes 2,125 s, two 2,229 s
 * (docs/benchmarks.md, issue 26 goal 4, ninth session). `VITEST_SPLIT=0 npm test` runs vitest as
 * one invocation in one lane, as before (two lanes). With `PLAYWRIGHT_SHARDS=2` the default
 * makes four lanes, which overloaded this 2-core machine (fifth session): for a larger machine.
 */
const VITEST_SPLIT = process.env.VITEST_SPLIT !== "0";
if (!["0", "1", undefined].includes(process.env.VITEST_SPLIT)) {
  throw new Error(`VITEST_SPLIT=${process.env.VITEST_SPLIT}: expected 0 (two lanes) or 1 (three)`);
}
const vitestLane = (lane: "chain" | "processes"): Step => ({
  name: `Unit and integration tests: vitest run (VITEST_LANE=${lane})`,
  show: true,
  action: ({ output }) =>
    run(bin("vitest"), ["run", VITEST_RETRY], {
      cwd: paths.root,
      env: { ...(lane === "chain" ? firstVitestEnv() : ci), VITEST_LANE: lane },
      output,
    }),
});
/**
 * The web app's shared files: `@lending/web` (one worker without isolation) and
 * `@lending/web:isolated` (a worker per file: module mocks, process-wide hooks), vitest.config.mts.
 */
const WEB_SHARED_PROJECTS = ["--project", "@lending/web", "--project", "@lending/web:isolated"];
const apiOnPostgres: Step = {
  name: "API tests on Postgres: vitest run (app/api, src/server) with DATABASE_URL",
  show: true,
  action: async ({ output, note }) => {
    const pg = await startTestPostgres(output !== "capture", await getFreePort());
    if ("skipped" in pg) {
      note(`SKIPPED: the API tests ran on PGlite only. Reason: ${pg.skipped}`);
      return;
    }
    try {
      return await run(
        bin("vitest"),
        ["run", VITEST_RETRY, ...WEB_SHARED_PROJECTS, "app/api", "src/server"],
        {
          cwd: paths.root,
          env: { ...ci, DATABASE_URL: pg.url, VITEST_DATABASE_FILES: "1" },
          output,
        },
      );
    } finally {
      await pg.stop();
    }
  },
};
const apiOnServedPglite: Step = {
  // as `npm start` runs the app: PGlite served over the wire protocol, reached through `pg`
  name: "API tests on served PGlite: vitest run (app/api, src/server) with API_TEST_DATABASE=served",
  show: true,
  action: ({ output }) =>
    run(bin("vitest"), ["run", VITEST_RETRY, ...WEB_SHARED_PROJECTS, "app/api", "src/server"], {
      cwd: paths.root,
      env: {
        ...ci,
        DATABASE_URL: undefined,
        API_TEST_DATABASE: "served",
        VITEST_DATABASE_FILES: "1",
      },
      output,
    }),
};
const nextBuild: Step = { name: "Web: next build", action: ({ output }) => buildWeb(output) };
/**
 * The browser tests in two shards side by side, each its own `playwright test` with its own stack
 * (the global setup's anvil, indexer, keeper, database and `next start`, all on free ports) and its
 * own output folder. Playwright splits the files in name order, so within a shard they keep their
 * order on one worker (the zz- files, which play a default or move the clock, stay last).
 */
const PLAYWRIGHT_SHARDS = Number(process.env.PLAYWRIGHT_SHARDS ?? 1); // 2+: a stack per shard
if (!Number.isInteger(PLAYWRIGHT_SHARDS) || PLAYWRIGHT_SHARDS < 1) {
  throw new Error(
    `PLAYWRIGHT_SHARDS=${process.env.PLAYWRIGHT_SHARDS}: expected a whole number >= 1`,
  );
}
/** Whether the last journeys run on a second stack ({@link playwrightLate}): with VITEST_SPLIT. */
const LATE_STACK = VITEST_SPLIT;
const playwrightShard = (shard: number): Step => ({
  name: `Browser tests: playwright test --shard=${shard}/${PLAYWRIGHT_SHARDS}${LATE_STACK ? " (E2E_PART=main)" : ""}`,
  show: true,
  // serves the build step's `next build` (its global setup builds only when that did not run)
  after: () => nextBuild,
  action: ({ output }) =>
    run(
      bin("playwright"),
      [
        "test",
        `--shard=${shard}/${PLAYWRIGHT_SHARDS}`,
        `--output=${path.join(paths.root, "test-results", `e2e-${shard}`)}`,
      ],
      {
        cwd: paths.web,
        env: { ...ci, CHROMIUM_PATH: testBrowserPath(), E2E_PART: LATE_STACK ? "main" : undefined },
        output,
      },
    ),
});
const playwrightShards = Array.from({ length: PLAYWRIGHT_SHARDS }, (_, i) =>
  playwrightShard(i + 1),
);
/**
 * The last journeys on a second stack of their own (`LATE_E2E_SPECS`,
 * scripts/src/lib/test-groups.ts), after the API passes in their lane: that lane and the
 * processes lane end minutes before the browser tests, and from then on their one stack leaves
 * a core idle. The first stack runs every other journey (E2E_PART=main). Only with the three
 * lanes of VITEST_SPLIT: with `VITEST_SPLIT=0` the vitest lane is the longer one, and one stack
 * runs every journey, as before. The rehearsal (the processes lane's last step) may overlap the
 * second stack's start by a minute (ci29, ci30: no journey failed; docs/benchmarks.md).
 */
const playwrightLate: Step = {
  name: "Browser tests on a second stack: playwright test (E2E_PART=late)",
  show: true,
  after: () => nextBuild,
  action: ({ output }) =>
    run(
      bin("playwright"),
      ["test", `--output=${path.join(paths.root, "test-results", "e2e-late")}`],
      {
        cwd: paths.web,
        env: { ...ci, CHROMIUM_PATH: testBrowserPath(), E2E_PART: "late" },
        output,
      },
    ),
};
const rehearsal: Step = {
  // The system as it would run on Base (scripts/src/lib/rehearsal.ts): chain 84532, the
  // production deploy path, Postgres, two web replicas behind a proxy, the keeper's own key.
  // It serves the `next build` of the build step (waits for it; builds only if that did not run).
  name: "Production rehearsal: playwright test -c playwright.rehearsal.config.ts",
  show: true,
  after: () => nextBuild,
  action: async ({ output, note }) => {
    const pg = postgresForRehearsal();
    if (pg) {
      note(`SKIPPED: the production rehearsal did not run. Reason: ${pg}`);
      return;
    }
    return run(bin("playwright"), ["test", "-c", "playwright.rehearsal.config.ts"], {
      cwd: paths.web,
      env: { ...ci, CHROMIUM_PATH: testBrowserPath(), DATABASE_URL: undefined },
      output,
    });
  },
};

/**
 * What runs beside what, and why it is safe:
 * - forge build, forge test (contracts/out, contracts/cache) then prettier beside eslint, tsc and
 *   `next build` (after tsc: the build rewrites next-env.d.ts, which tsc reads), which ignore
 *   those folders and read the committed ABIs; wagmi generate, which rewrites the ABIs they read,
 *   comes after both lanes (a stale ABI fails there). The build is done before any test stack
 *   writes the deployment record it bundles. prettier is in the forge lane, the shorter one (about
 *   125 s against the other's 180 s), and may run beside `next build`: it ignores next-env.d.ts
 *   and .next, as eslint does. (eslint at the end of the forge lane balanced the lanes but made
 *   the phase slower in three runs of three, probably as `next build` uses both cores when alone;
 *   docs/benchmarks.md, issue 26 goal 4, seventh pass. A tsc project moved after forge test would
 *   balance them the same way, for the same reason not done; the typecheck's CPU was cut
 *   instead, with two programs for the four projects (`typecheck`, above); tenth session.)
 * - Then three lanes: vitest's chain lane (SDK, web), the API tests on Postgres, then on served
 *   PGlite, then the last journeys on a second browser stack (`playwrightLate`); beside them
 *   Playwright with every other journey (`PLAYWRIGHT_SHARDS=2`: a lane per shard); and vitest's
 *   processes lane (indexer, scripts), then the rehearsal. Playwright is the longest lane, so
 *   nothing runs after it (docs/benchmarks.md, issue 26 goal 4, eighth session); the second stack
 *   takes its last journeys once the API passes are done (twelfth session). With
 *   `VITEST_SPLIT=0`, two lanes: vitest (every project) and the API passes, beside Playwright
 *   then the rehearsal. Every stack has
 *   its own ports, chain, databases and temp folders: the vitest run starts its own anvil on a free
 *   port (the root globalSetup), the Postgres pass its own server and databases, the served pass
 *   its own in-memory PGlite, each Playwright shard's global setup its own anvil, indexer, keeper,
 *   database and `next start` (and its own output folder), the rehearsal its own chain 84532,
 *   Postgres and replicas (after `next build`, which it and the browser tests serve; a shard builds
 *   only if that step did not run or its inputs changed since, one at a time: `buildWebIfNeeded`
 *   holds a lock while it builds). The one file they share, the 31337 deployment record, is
 *   deterministic (fresh chain, same deployer and nonces) and only written when its content
 *   changed (through a temporary file and a rename). On 2 cores this is what keeps both busy:
 *   after its pure files vitest runs one file at a time, its indexer files mostly wait on Ponder,
 *   and a browser journey mostly waits on its stack (the keeper clearing an epoch, the indexer
 *   catching up). Four lanes (vitest in two invocations, two browser shards) overloaded the two
 *   cores: slower in all and browser journeys timed out (docs/benchmarks.md).
 */
const phases: Phase[] = [
  [
    [systemDeps, solidityFormat, forgeBuild, forgeTest, prettier],
    [eslint, typecheck, nextBuild],
  ],
  [[abis]],
  VITEST_SPLIT
    ? [
        [vitestLane("chain"), apiOnPostgres, apiOnServedPglite, playwrightLate],
        ...playwrightShards.map((s) => [s]),
        [vitestLane("processes"), rehearsal],
      ]
    : [
        [vitest, apiOnPostgres, apiOnServedPglite],
        // the rehearsal after the (last) browser shard: the vitest lane is the longer one
        ...playwrightShards.map((s, i) =>
          i === playwrightShards.length - 1 ? [s, rehearsal] : [s],
        ),
      ],
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

/** `--steps=1-3,9` → the step numbers it names; undefined without the flag. */
function selectedSteps(argv: string[]): Set<number> | undefined {
  const flag = argv.find((a) => a.startsWith("--steps="));
  if (!flag) return undefined;
  const picked = new Set<number>();
  for (const part of flag.slice("--steps=".length).split(",")) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`--steps: "${part}" is not a step number or range (e.g. 1-3,9)`);
    for (let n = Number(m[1]); n <= Number(m[2] ?? m[1]); n++) picked.add(n);
  }
  return picked;
}

type Result = {
  n: number;
  name: string;
  status: "ok" | "failed" | "stopped";
  ms: number;
  /** A failed step's failing tests and their first error lines, for the summary. */
  failures?: string[];
};

async function main(): Promise<number> {
  const verbose = process.argv.includes("--verbose");
  // --keep-going runs every step even after a failure (local use; CI fails fast).
  const keepGoing = process.argv.includes("--keep-going");
  const picked = selectedSteps(process.argv);
  const numbered = phases.map((lanes) => lanes.map((lane) => lane.map((step) => ({ step, n: 0 }))));
  let total = 0;
  for (const lanes of numbered) for (const lane of lanes) for (const s of lane) s.n = ++total;
  if (picked) {
    // a picked step brings the step it runs after (the rehearsal: the build it serves), so that
    // two steps never build the web app at once
    for (const { step } of numbered.flat(2).filter((s) => picked.has(s.n))) {
      const first = step.after?.();
      const dep = numbered.flat(2).find((s) => s.step === first);
      if (dep) picked.add(dep.n);
    }
  }
  const results: Result[] = [];
  /** The step whose failure stops the run (fail fast), once one failed. */
  let failedStep: number | undefined;
  const t0 = Date.now();

  /** Runs one step; `print` receives its block (live for the first lane, kept for the others). */
  const runStep = async (
    { step, n }: { step: Step; n: number },
    live: boolean,
    print: (text: string) => void,
  ): Promise<void> => {
    const show = verbose || step.show === true;
    print(`\n=== [${n}/${total}] ${step.name} ===\n`);
    const started = Date.now();
    const note = (line: string) => print(`${line}\n`);
    const output: Output = live && show ? "tee" : "capture";
    try {
      const text = await step.action({ output, note });
      if (!live && show && text) print(text.endsWith("\n") ? text : `${text}\n`);
      results.push({ n, name: step.name, status: "ok", ms: Date.now() - started });
      print(`--- ok (${fmt(Date.now() - started)})\n`);
    } catch (error) {
      const ms = Date.now() - started;
      if (failedStep !== undefined && failedStep !== n) {
        // ended by the runner because another lane's step failed first
        results.push({ n, name: step.name, status: "stopped", ms });
        print(`--- stopped: step ${failedStep} failed\n`);
        return;
      }
      const failures = error instanceof CommandFailedError ? failureLines(error.output) : undefined;
      results.push({ n, name: step.name, status: "failed", ms, failures });
      if (error instanceof CommandFailedError) {
        // a teed step's output is on the terminal already
        if (error.output && output !== "tee") print(`${error.output.trimEnd()}\n`);
        print(`--- FAILED: ${error.message}\n`);
      } else {
        print(`--- FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      if (!keepGoing && failedStep === undefined) {
        failedStep = n;
        await stopAllChildren(); // ends the other lanes' commands
      }
    }
  };

  /** Each step's end, for the steps that wait on one (`after`). */
  const ended = new Map<Step, { promise: Promise<void>; resolve: () => void }>();
  const endOf = (step: Step) => {
    let e = ended.get(step);
    if (!e) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      e = { promise, resolve };
      ended.set(step, e);
    }
    return e;
  };
  const willRun = new Set(
    numbered
      .flat(2)
      .filter((s) => !picked || picked.has(s.n))
      .map((s) => s.step),
  );
  apiPassesFollow = willRun.has(apiOnServedPglite);

  const runLane = async (
    lane: { step: Step; n: number }[],
    live: boolean,
    print: (text: string) => void,
  ) => {
    for (const s of lane) {
      if (failedStep !== undefined) break;
      const first = s.step.after?.();
      if (first && willRun.has(first)) await endOf(first).promise;
      if (failedStep !== undefined) break;
      await runStep(s, live, print);
      endOf(s.step).resolve();
    }
    // a lane stopped early still lets any step waiting on its steps go on (and stop)
    for (const s of lane) endOf(s.step).resolve();
  };

  const stdout = (text: string) => void process.stdout.write(text);
  for (const lanes of numbered) {
    if (failedStep !== undefined) break;
    const [first = [], ...others] = lanes.map((lane) =>
      lane.filter((s) => !picked || picked.has(s.n)),
    );
    // The other lanes' blocks are kept, then printed in order once the first lane is done.
    const kept = others.map(() => ({ text: "", done: false, wake: () => {} }));
    const running = others.map((lane, i) =>
      runLane(lane, false, (text) => {
        kept[i]!.text += text;
        kept[i]!.wake();
      }).finally(() => {
        kept[i]!.done = true;
        kept[i]!.wake();
      }),
    );
    const beside = others.flat().map((s) => s.n);
    if (beside.length && first.length) {
      const range = (ns: number[]) =>
        ns.length > 1 ? `${ns[0]}-${ns[ns.length - 1]}` : String(ns[0]);
      console.log(
        `\n(steps ${range(beside)} run beside steps ${range(first.map((s) => s.n))}; their output is printed after them)`,
      );
    }
    await runLane(first, true, stdout);
    for (const k of kept) {
      // stream each kept lane from here on
      for (;;) {
        stdout(k.text);
        k.text = "";
        if (k.done) break;
        await new Promise<void>((resolve) => (k.wake = resolve));
      }
    }
    await Promise.all(running);
  }
  await stopAllChildren();

  results.sort((a, b) => a.n - b.n);
  const ran = new Set(results.map((r) => r.n));
  const passed = results.filter((r) => r.status === "ok").length;
  const failed = results.filter((r) => r.status === "failed").length;
  let notRun = 0;
  console.log(`\n=== Summary (${fmt(Date.now() - t0)}) ===`);
  const label = { ok: "PASS", failed: "FAIL", stopped: "STOP" } as const;
  for (const lanes of numbered) {
    for (const { step, n } of lanes.flat().sort((a, b) => a.n - b.n)) {
      const r = results.find((x) => x.n === n);
      if (r) {
        console.log(`  ${label[r.status]}  ${r.name} (${fmt(r.ms)})`);
        for (const line of r.failures ?? []) console.log(`        ${line}`);
      } else if (!picked || picked.has(n)) {
        notRun++;
        console.log(`  ----  ${step.name} (not run)`);
      }
    }
  }
  const stopped = ran.size - passed - failed;
  console.log(
    `${passed} passed, ${failed} failed${stopped ? `, ${stopped} stopped` : ""}${notRun ? `, ${notRun} not run` : ""}`,
  );
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
