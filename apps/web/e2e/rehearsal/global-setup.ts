import { startRehearsalStack } from "../../../../scripts/src/lib/rehearsal";

/**
 * Starts the production rehearsal stack and hands it to the journey through E2E_* (the e2e
 * fixtures' names) and REHEARSAL_* variables.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startRehearsalStack({ verbose: Boolean(process.env.REHEARSAL_VERBOSE) });
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_RPC_URL = stack.rpcUrl;
  process.env.E2E_CHAIN_ID = String(stack.chainId);
  process.env.E2E_DEPLOYMENT = JSON.stringify(stack.deployment);
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  process.env.E2E_INDEXER_URL = stack.indexerUrl;
  process.env.REHEARSAL_DEPLOYMENT_FILE = stack.deploymentFile;
  process.env.REHEARSAL_WEB_PIDS = stack.webPids.join(",");
  process.env.REHEARSAL_KEEPER_PID_FILE = stack.keeperPidFile;
  return stack.stop;
}
