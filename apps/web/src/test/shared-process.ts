import { afterAll, vi } from "vitest";
import { deployments } from "@lending/sdk";
import { clearDemoControlsOffers } from "@/server/dev/demo-controls";
import { clearLocalReadCounters } from "@/server/http/handler";
import { clearIssuerCache } from "@/server/services/google-oidc";
import { clearInitialReadCache } from "@/server/services/initial-reads";

/**
 * Setup for the web project whose files share one worker and one module graph (`isolate: false`,
 * vitest.config.mts): vitest evaluates this file again before every test file, so each file
 * starts from the process state the file before it found, whatever it left behind:
 *
 * - `process.env` as it was before the file was imported (a file's top-level code and hooks may
 *   set RPC_URL, CHAIN_ID, PGLITE_DIR, INDEXER_URL, GOOGLE_*; added names are removed);
 * - real timers, env and globals unstubbed (vi.stubEnv / vi.stubGlobal);
 * - no process-wide handles: the served database, the chain client and the price provider the
 *   server context keeps on `globalThis` (a later file would otherwise meet a database the
 *   harness closed, or a provider with a warm price cache), the page cache;
 * - an empty cache of initial chain reads (keyed by chain and RPC only, and the chain is reverted
 *   between files), of Google discovery documents and of the dev panel's "is this anvil" answers
 *   (keyed by URL: a test server's port may come again in a later file), no per-process read
 *   counters (kept while the database is down);
 * - the SDK's registry of deployments as it was (`serverConfig()` registers DEPLOYMENT_FILE's).
 *
 * The project sets PGLITE_DIR=memory:// (vitest.config.mts): work a file left running after it
 * (a timed-out test's requests) that opens `database()` once the harness's is dropped gets a
 * throwaway in-memory database, never the repo's .data/pglite folder that `npm start` uses.
 *
 * Mocks are restored by vitest itself after every file (`vi.restoreAllMocks`); module mocks
 * (`vi.mock`) are not reset without isolation, so files with `vi.mock` stay in the isolated
 * project (scripts/src/lib/test-groups.ts, `needsIsolation`).
 */
const env = { ...process.env };
const registered = { ...deployments };

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const name of Object.keys(process.env)) {
    if (!(name in env)) delete process.env[name];
  }
  Object.assign(process.env, env);
  const state = globalThis as Record<string | symbol, unknown>;
  delete state.__lendingDb;
  delete state.__lendingChain;
  delete state.__lendingPrices;
  delete state[Symbol.for("lending.pageCache")];
  clearInitialReadCache();
  clearIssuerCache();
  clearDemoControlsOffers();
  clearLocalReadCounters();
  for (const chainId of Object.keys(deployments)) {
    if (!(chainId in registered)) delete deployments[Number(chainId)];
  }
  Object.assign(deployments, registered);
});
