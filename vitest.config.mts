import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Test files that share something: the one anvil (inject("anvil"), snapshots), a database, a
 * spawned process or a port. They run one at a time; every other file (pure logic, components in
 * jsdom) runs two at a time first. A file is shared when its text names any of these; a new test
 * that touches the chain through a helper must name the helper here (useChain, any ./test/).
 */
const SHARED =
  /inject\(|anvil|withSnapshot|startTestStack|harness|setupApiTestDatabase|openDatabase|servePglite|pglite|spawn|listen\(|rpcUrl|useChain|\/test\/|server\/test\//i;

function testFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(root, path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The package's test files under `dirs` split into [pure, shared], relative to its root. */
function split(root: string, dirs: string[]): [string[], string[]] {
  const files = dirs.flatMap((d) =>
    existsSync(join(root, d)) ? testFiles(root, join(root, d)) : [],
  );
  const shared = files.filter((f) => SHARED.test(readFileSync(join(root, f), "utf8")));
  return [files.filter((f) => !shared.includes(f)), shared];
}

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

export default defineConfig({
  test: {
    // The projects of one invocation share one anvil, and tests that change chain state wrap
    // themselves in evm_snapshot/evm_revert, which is only sound when those files run one at a
    // time: each shared project runs alone (its own group), its files one by one. The pure files
    // of the SDK and the web app run first, two at a time; so do the indexer's files, which never
    // touch the shared anvil (each starts its own chain and Ponder).
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
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
        },
      },
      {
        extends: r("apps/web/vitest.config.mts"),
        test: {
          name: "@lending/web",
          root: r("apps/web"),
          exclude: webPure,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The indexer on its own anvil (Ponder child processes): slow starts on a loaded machine.
          // Two files at a time: each starts its own anvil (startChain, a free port) and its own
          // Ponder (a free port, its own PGlite folder under its own temp folder) and never
          // touches the shared anvil, so no file sees another's chain or index. They mostly wait
          // on Ponder (the stall test sleeps through its 45 s stall and the watchdog's 20 s): the
          // project took 534 s two at a time against 724 s one by one, with the same CPU (load
          // average 14-19; docs/benchmarks.md, issue 26 goal 4, sixth session).
          name: "@lending/indexer",
          root: r("packages/indexer"),
          environment: "node",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          // Two Ponder starts at once on a loaded machine (load average 17-19) took up to 111 s
          // for one test; a test's own start may wait INDEXER_READY_MS (150 s) by itself.
          testTimeout: 240_000,
          hookTimeout: 150_000,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: "@lending/scripts",
          root: r("scripts"),
          environment: "node",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ].filter(inLane),
  },
});
