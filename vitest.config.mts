import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// One vitest run for the whole repo: each workspace keeps its own config (sdk: node, web: jsdom),
// and the root globalSetup starts anvil + deploy + seed once for all of them (inject("anvil")).
const webConfig = existsSync(r("apps/web/vitest.config.mts"));

export default defineConfig({
  test: {
    // All projects share one anvil, and tests that change chain state wrap themselves in
    // evm_snapshot/evm_revert, which is only sound when test files run one at a time.
    fileParallelism: false,
    globalSetup: [r("scripts/src/fixture/vitest-global-setup.ts")],
    projects: [
      r("packages/sdk"),
      webConfig
        ? r("apps/web")
        : {
            test: {
              name: "@lending/web",
              root: r("apps/web"),
              environment: "jsdom",
              include: ["src/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
            },
          },
      {
        test: {
          // The indexer on its own anvil (Ponder child processes): slow starts on a loaded machine.
          name: "@lending/indexer",
          root: r("packages/indexer"),
          environment: "node",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 150_000,
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
        },
      },
    ],
  },
});
