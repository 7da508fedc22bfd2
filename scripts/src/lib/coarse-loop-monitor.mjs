// Preloaded into the indexer on the local chain (`NODE_OPTIONS=--import file:///.../coarse-loop-
// monitor.mjs`, lib/indexer.ts: `npm start` and the tests). Ponder asks prom-client for its
// event-loop-delay metric at a 1 ms resolution (`eventLoopMonitoringPrecision: 1`, not
// configurable): a libuv timer that wakes the process 1,000 times a second, about 4 % of a core
// in a process doing nothing else (measured: 0.38 CPU-s in 10 s at 1 ms, 0.035 at 20 ms). At 20 ms
// the metric still shows the loop's delay, but each figure reads about 19 ms higher (Node records
// the whole interval between two ticks): a deployment's indexer keeps Ponder's own 1 ms.
// the module object prom-client gets from require("perf_hooks")
import perfHooks from "node:perf_hooks";

const MIN_RESOLUTION_MS = 20;
const original = perfHooks.monitorEventLoopDelay;

perfHooks.monitorEventLoopDelay = function coarseMonitorEventLoopDelay(options) {
  const resolution = Math.max(Number(options?.resolution) || 10, MIN_RESOLUTION_MS);
  return original.call(perfHooks, { ...options, resolution });
};
