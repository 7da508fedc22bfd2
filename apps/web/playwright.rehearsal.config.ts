import { register } from "node:module";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "../../scripts/src/lib/chromium";

// The SDK imports its deployments JSON without an import attribute: see playwright.config.ts.
register("./e2e/support/json-import-hook.mjs", import.meta.url);

const CHROMIUM = testBrowserPath();

/**
 * The production rehearsal (`npm run rehearsal`, a stage of `npm test`): its global setup starts
 * the system as it would run on Base (scripts/src/lib/rehearsal.ts) and the journey in
 * e2e/rehearsal/ runs against it through the round-robin proxy.
 */
export default defineConfig({
  testDir: "./e2e/rehearsal",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/rehearsal/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "../../test-results/rehearsal",
  use: {
    ...devices["Desktop Chrome"],
    timezoneId: "UTC",
    locale: "en-GB",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
