import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import {
  apiPassFiles,
  needsIsolation,
  split,
  withoutDatabase,
} from "./scripts/src/lib/test-groups.ts";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Which test files run one at a time (they share the anvil, a database, a process or a port) and
// which run two at a time first: scripts/src/lib/test-groups.ts. A file that imports a helper from
// a `test/` folder is serial only when the helper itself uses something shared (the SDK's
// test/chain does; its test/pool-draft, a pure fixture, does not).

// One vitest run for the whole repo: each workspace keeps its own config (sdk: node, web: jsdom),
// and the root globalSetup starts anvil + deploy + seed once for all of them (inject("anvil")).

const [sdkPure, sdkShared] = split(r("packages/sdk"), ["src"]);

/**
 * `npm test` runs two vitest invocations side by side (scripts/src/test.ts), each with its own
 * anvil from the globalSetup: VITEST_LANE=processes runs only the projects whose files mostly wait
 * on child processes (the indexer's Ponder on its own anvil, the keeper and ops scripts), =chain
 * every other project; unset (`npx vitest run`), all of them.
 */
const PROCESS_PROJECTS = new Set(["@lending/indexer", "@lending/scripts"]);
const lane = process.env.VITEST_LANE || undefined;
if (lane !== undefined && lane !== "chain" && lane !== "processes") {
  throw new Error(`VITEST_LANE=${lane}: expected "chain" or "processes" (or unset for all)`);
}
const inLane = (project: { test: { name: string } }) =>
  lane === undefined || PROCESS_PROJECTS.has(project.test.name) === (lane === "processes");
const [webPure, webShared] = split(r("apps/web"), ["src", "app"]);
/**
 * `VITEST_DATABASE_FILES=1` (the runner's API passes on Postgres and on served PGlite): the web
 * project leaves out its shared files that never reach a database (`withoutDatabase`): they give
 * the same result on every database, and the first vitest step has run them already.
 * `VITEST_DATABASE_FILES=0` (the runner's first vitest step when the API passes follow): it leaves
 * out the files those passes run (`apiPassFiles`), which it ran a third time on an in-process
 * PGlite. Unset (`npx vitest run`): every file, on the in-process PGlite.
 */
const DATABASE_FILES = process.env.VITEST_DATABASE_FILES || undefined;
if (DATABASE_FILES !== undefined && DATABASE_FILES !== "0" && DATABASE_FILES !== "1") {
  throw new Error(`VITEST_DATABASE_FILES=${DATABASE_FILES}: expected 0 or 1 (or unset for all)`);
}
const webSkipped =
  DATABASE_FILES === "1"
    ? withoutDatabase(r("apps/web"))
    : DATABASE_FILES === "0"
      ? apiPassFiles(r("apps/web"))
      : [];
/**
 * The web app's shared files run one at a time in two projects. `@lending/web` runs them without
 * isolation (`isolate: false`): one worker, one module graph and one node environment for all
 * of them, so the server modules (drizzle, viem, the route handlers) are imported once instead of
 * once per file, and no worker is started per file. What a file changes in the process is put back
 * after it by src/test/shared-process.ts (process.env, timers, stubs, the server's process-wide
 * database/chain/price handles, the initial-read cache); the API harness gives every file its own
 * database as before, and every file reverts the chain it changed. `@lending/web:isolated` keeps a
 * fresh worker per file for what cannot be put back (`needsIsolation`, scripts/src/lib/test-groups.ts):
 * module mocks (`vi.mock`), process-wide diagnostics-channel hooks, and jsdom files.
 * Order independence: docs/decisions.md ("The web app's shared test files share one worker").
 */
const webIsolated = webShared.filter((f) => needsIsolation(r(`apps/web/${f}`)));
const webTogether = webShared.filter((f) => !webIsolated.includes(f));

export default defineConfig({
  test: {
    // The projects of one invocation share one anvil, and tests that change chain state wrap
    // themselves in evm_snapshot/evm_revert, which is only sound when those files run one at a
    // time: each shared project runs alone (its own group), its files one by one. The pure files
    // of the SDK and the web app run first, two at a time.
    maxWorkers: 2,
    globalSetup: [r("scripts/src/fixture/vitest-global-setup.ts")],
    projects: [
      {
        extends: r("packages/sdk/vitest.config.mts"),
        test: {
          name: "@lending/sdk:pure",
          root: r("packages/sdk"),
          exclude: sdkShared,
          sequence: { groupOrder: 0 },
          testTimeout: 20_000, // 5 s by default: too tight for jsdom renders on a loaded machine
        },
      },
      {
        extends: r("apps/web/vitest.config.mts"),
        test: {
          name: "@lending/web:pure",
          root: r("apps/web"),
          exclude: webShared,
          sequence: { groupOrder: 0 },
          testTimeout: 20_000, // 5 s by default: too tight for jsdom renders on a loaded machine
        },
      },
      {
        extends: r("packages/sdk/vitest.config.mts"),
        test: {
          name: "@lending/sdk",
          root: r("packages/sdk"),
          exclude: sdkPure,
          // one worker and module graph for its files: they change no env, mock no module and
          // keep no module-level state (the deployments registry is only written by the web's
          // serverConfig() and the registry's own pure test); each reverts its chain
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
        },
      },
      {
        extends: r("apps/web/vitest.config.mts"),
        test: {
          name: "@lending/web:isolated",
          root: r("apps/web"),
          exclude: [...webPure, ...webTogether, ...webSkipped],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 20_000,
        },
      },
      {
        extends: r("apps/web/vitest.config.mts"),
        test: {
          name: "@lending/web",
          root: r("apps/web"),
          exclude: [...webPure, ...webIsolated, ...webSkipped],
          environment: "node",
          // what a file left running that opens `database()` after its harness is gone gets an
          // in-memory database, never the repo's .data/pglite (src/test/shared-process.ts)
          env: { PGLITE_DIR: "memory://" },
          isolate: false,
          setupFiles: ["./src/test/shared-process.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The indexer on its own anvil (Ponder child processes): slow starts on a loaded machine.
          // One file at a time. Each starts its own anvil and Ponder and could run beside another
          // (534 s two at a time against 724 s one by one, measured under load), but two Ponder
          // starts at once stretch each journey toward its limit, and a journey that timed out is
          // what cost a CI landing: kept serial (docs/benchmarks.md, issue 26 goal 4, sixth
          // session).
          name: "@lending/indexer",
          root: r("packages/indexer"),
          environment: "node",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          // a journey with Ponder's start measured 110-130 s beside a browser run on 2 cores
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
      {
        test: {
          name: "@lending/scripts",
          root: r("scripts"),
          environment: "node",
          include: ["src/**/*.test.ts"],
          // child processes and databases: 35 s for one test on a loaded machine (60 s was close)
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 5 },
        },
      },
    ].filter(inLane),
  },
});
