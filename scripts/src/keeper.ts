/**
 * `npm run keeper`: the long-running keeper (scripts/src/keeper/keeper.ts). Env: RPC_URL,
 * CHAIN_ID, KEEPER_PRIVATE_KEY (required unless CHAIN_ID is 31337, where anvil account 7 signs),
 * KEEPER_POLL_INTERVAL_MS, KEEPER_MAX_BACKOFF_MS, KEEPER_LOG_BLOCK_RANGE. Reads the deployment
 * record packages/sdk/src/deployments/<CHAIN_ID>.json. One JSON line per action on stdout.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseKeeperConfig } from "./keeper/config";
import { Keeper } from "./keeper/keeper";
import { jsonLogger } from "./keeper/log";
import { loadDeploymentFile } from "./lib/keeper";
import { paths } from "./lib/paths";

async function main() {
  const dotenv = path.join(paths.root, ".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const config = parseKeeperConfig(process.env);
  const deployment = await loadDeploymentFile(config.chainId);
  const keeper = new Keeper(config, deployment, jsonLogger);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await keeper.run(controller.signal);
}

main().catch((error: unknown) => {
  jsonLogger({
    level: "error",
    action: "fatal",
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
