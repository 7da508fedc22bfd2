import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { COARSE_LOOP_MONITOR, indexerNodeOptions } from "./indexer";

const run = promisify(execFile);

/** Samples a 1 ms event-loop-delay histogram (as Ponder asks prom-client for) for 400 ms. */
const SAMPLE = `
const h = require("node:perf_hooks").monitorEventLoopDelay({ resolution: 1 });
h.enable();
setTimeout(() => { h.disable(); console.log(JSON.stringify({ count: h.count, max: h.max })); }, 400);
`;

async function samples(nodeOptions: string | undefined): Promise<{ count: number; max: number }> {
  const env = { ...process.env };
  if (nodeOptions === undefined) delete env.NODE_OPTIONS;
  else env.NODE_OPTIONS = nodeOptions;
  const { stdout } = await run(process.execPath, ["-e", SAMPLE], { env });
  return JSON.parse(stdout) as { count: number; max: number };
}

describe("the indexer's event-loop monitor (coarse-loop-monitor.mjs)", () => {
  it("is preloaded after the caller's own NODE_OPTIONS", () => {
    expect(indexerNodeOptions(undefined)).toBe(
      `--import ${pathToFileURL(COARSE_LOOP_MONITOR).href}`,
    );
    expect(indexerNodeOptions("  --max-old-space-size=512 ")).toBe(
      `--max-old-space-size=512 --import ${pathToFileURL(COARSE_LOOP_MONITOR).href}`,
    );
  });

  it("samples a 1 ms event-loop-delay monitor every 20 ms instead, and it still measures", async () => {
    const [plain, coarse] = await Promise.all([
      samples(undefined),
      samples(indexerNodeOptions(undefined)),
    ]);
    // without it: a wake-up every millisecond (fewer on a loaded machine, never near 20 in 400 ms)
    expect(plain.count).toBeGreaterThan(60);
    // with it: one every 20 ms at most
    expect(coarse.count).toBeGreaterThan(0);
    expect(coarse.count).toBeLessThanOrEqual(25);
    expect(coarse.max).toBeGreaterThan(0);
  });
});
