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
setTimeout(() => { h.disable(); console.log(JSON.stringify({ count: h.count, min: h.min })); }, 400);
`;

async function samples(nodeOptions: string | undefined): Promise<{ count: number; min: number }> {
  const env = { ...process.env };
  if (nodeOptions === undefined) delete env.NODE_OPTIONS;
  else env.NODE_OPTIONS = nodeOptions;
  const { stdout } = await run(process.execPath, ["-e", SAMPLE], { env });
  return JSON.parse(stdout) as { count: number; min: number };
}

describe("the indexer's event-loop monitor (coarse-loop-monitor.mjs)", () => {
  it("is preloaded after the caller's own NODE_OPTIONS, on the local chain only", () => {
    const preload = `--import ${pathToFileURL(COARSE_LOOP_MONITOR).href}`;
    expect(indexerNodeOptions(undefined, 31337)).toBe(preload);
    expect(indexerNodeOptions("  --max-old-space-size=512 ", 31337)).toBe(
      `--max-old-space-size=512 ${preload}`,
    );
    // a deployment's indexer keeps Ponder's own metric
    expect(indexerNodeOptions(undefined, 84532)).toBeUndefined();
    expect(indexerNodeOptions("--max-old-space-size=512", 8453)).toBe("--max-old-space-size=512");
  });

  it("samples a 1 ms event-loop-delay monitor every 20 ms instead, and it still measures", async () => {
    const [plain, coarse] = await Promise.all([
      samples(undefined),
      samples(indexerNodeOptions(undefined, 31337)),
    ]);
    // the shortest interval between two samples (ns): about 1 ms without it, load or not...
    expect(plain.min).toBeLessThan(5e6);
    // ...and never under the 20 ms period with it (so at most one sample per 20 ms)
    expect(coarse.min).toBeGreaterThanOrEqual(15e6);
    expect(coarse.count).toBeGreaterThan(0);
    expect(coarse.count).toBeLessThanOrEqual(25);
  });
});
