import { register } from "node:module";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "../../scripts/src/lib/chromium";
import { e2ePart } from "../../scripts/src/lib/test-groups";

// The SDK imports its deployments JSON without an import attribute (fine for Next, vitest, tsx);
// Node's ESM loader, which Playwright uses, needs one. Runs in the runner and in every worker.
register("./e2e/support/json-import-hook.mjs", import.meta.url);

// Debian's headless shell of Chromium, or its full Chromium without it (scripts/src/lib/chromium.ts);
// never `npx playwright install` (no internet).
const CHROMIUM = testBrowserPath();

export default defineConfig({
  testDir: "./e2e",
  // every *.spec.ts but the rehearsal's; E2E_PART=main|late: the journeys of npm test's first or
  // second stack (scripts/src/lib/test-groups.ts)
  ...e2ePart(process.env.E2E_PART),
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a journey that fails once on a loaded machine and passes on the retry is
  // reported as "flaky" in the list (and must be fixed), but does not fail the whole run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "../../test-results/e2e",
  use: {
    ...devices["Desktop Chrome"],
    timezoneId: "UTC",
    locale: "en-GB",
    // Recording a trace costs CPU in every journey, passed or not: under CI (one retry) only the
    // retry of a failed journey records one (a journey that fails twice keeps the retry's trace;
    // the first failure keeps its screenshot and error). Measured on 37 journeys with their stack,
    // the same machine and load: 214 s of CPU with a trace of every journey, 165 s without
    // (docs/benchmarks.md, issue 26 goal 4, tenth session). Local runs keep every failure's trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
});
