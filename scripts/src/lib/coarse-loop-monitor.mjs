// Preloaded into the indexer (`NODE_OPTIONS=--import file:///.../coarse-loop-monitor.mjs`, see
// lib/indexer.ts). Ponder asks prom-client for its event-loop-delay metric at a 1 ms resolution
// (`eventLoopMonitoringPrecision: 1`, not configurable): a libuv timer that wakes the process
// 1,000 times a second, about 4 % of a core in a process doing nothing else (measured: 0.38 CPU-s
// in 10 s at 1 ms, 0.035 at 20 ms). The metric only feeds Ponder's /metrics; sampled every 20 ms
// it keeps its meaning (min, max, percentiles of the loop's delay) and the idle indexer its CPU.
// the module object prom-client gets from require("perf_hooks")
import perfHooks from "node:perf_hooks";

const MIN_RESOLUTION_MS = 20;
const original = perfHooks.monitorEventLoopDelay;

perfHooks.monitorEventLoopDelay = function coarseMonitorEventLoopDelay(options) {
  const resolution = Math.max(Number(options?.resolution) || 10, MIN_RESOLUTION_MS);
  return original.call(perfHooks, { ...options, resolution });
};
