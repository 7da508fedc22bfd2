import { describe, expect, it } from "vitest";
import { failureLines } from "./failures";

describe("the test runner's summary names what failed", () => {
  it("vitest: each failing test with its first error line, colours removed, once each", () => {
    const output = [
      "\u001b[32m✓\u001b[39m src/a.test.ts (3 tests) 20ms",
      "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m src/b.test.ts > pools > shows the loss",
      "AssertionError: expected 0n to be 5n",
      " ❯ src/b.test.ts:12:3",
      "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m src/b.test.ts > pools > shows the loss",
      " Test Files  1 failed | 1 passed (2)",
    ].join("\n");
    expect(failureLines(output)).toEqual([
      "FAIL src/b.test.ts > pools > shows the loss",
      "AssertionError: expected 0n to be 5n",
    ]);
  });

  it("Playwright: the failed journey and its error", () => {
    const output = [
      "  ✓  1 e2e/lend.spec.ts:10:1 › lend (20s)",
      "  ✘  2 e2e/withdraw.spec.ts:9:1 › withdraw (30s)",
      "    Error: expect(locator).toBeVisible() failed",
    ].join("\n");
    expect(failureLines(output)).toEqual([
      "✘ 2 e2e/withdraw.spec.ts:9:1 › withdraw (30s)",
      "Error: expect(locator).toBeVisible() failed",
    ]);
  });

  it("forge: the failing suite and each failing test with its reason", () => {
    const output = [
      "Ran 1 test for test/invariant/FairnessInvariants.t.sol:FairnessInvariantsTest",
      "[FAIL: depositAfterWipe: coverage below 60% of the runs: 1800 < 1920] invariant_usersOwedAtMostThePool() (runs: 32, calls: 1024, reverts: 0)",
      "[Sequence] (original: 32, shrunk: 20)",
      "Suite result: FAILED. 0 passed; 1 failed; 0 skipped; finished in 9.1s",
      "[PASS] test_deposit() (gas: 1000)",
      "Failing tests:",
      "Encountered 1 failing test in test/invariant/FairnessInvariants.t.sol:FairnessInvariantsTest",
      "[FAIL: depositAfterWipe: coverage below 60% of the runs: 1800 < 1920] invariant_usersOwedAtMostThePool() (runs: 32, calls: 1024, reverts: 0)",
      "Encountered a total of 1 failing tests, 301 tests succeeded",
    ].join("\n");
    expect(failureLines(output)).toEqual([
      "[FAIL: depositAfterWipe: coverage below 60% of the runs: 1800 < 1920] invariant_usersOwedAtMostThePool() (runs: 32, calls: 1024, reverts: 0)",
      "Encountered 1 failing test in test/invariant/FairnessInvariants.t.sol:FairnessInvariantsTest",
    ]);
  });

  it("a passing run names nothing, and a flood is cut to the limit", () => {
    expect(failureLines("✓ all good\n Tests 3 passed")).toEqual([]);
    const flood = Array.from({ length: 100 }, (_, i) => ` FAIL t.test.ts > case ${i}`).join("\n");
    expect(failureLines(flood, 5)).toHaveLength(5);
  });
});
