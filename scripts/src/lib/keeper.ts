import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { parseDeployment, type Deployment } from "@lending/sdk/deployments";
import { configuredDeploymentPath } from "../chain/deploy";
import { paths } from "./paths";
import { startService } from "./proc";
import { stopProcessGroup } from "./anvil";

/**
 * The deployment record the deploy wrote (read from disk: it changes with every fresh chain):
 * DEPLOYMENT_FILE, else the SDK's record of `chainId`. It must be that chain's.
 */
export async function loadDeploymentFile(chainId: number): Promise<Deployment> {
  const file = configuredDeploymentPath(chainId);
  const text = await readFile(file, "utf8").catch(() => {
    throw new Error(`No deployment for chain ${chainId} (${file}): run the deploy first.`);
  });
  const deployment = parseDeployment(JSON.parse(text));
  if (deployment.chainId !== chainId) {
    throw new Error(`${file} is a deployment on chain ${deployment.chainId}, not ${chainId}.`);
  }
  return deployment;
}

export type KeeperProcess = { pid: number; child: ChildProcess; stop: () => Promise<void> };

/**
 * Starts `npm run keeper`'s process (scripts/src/keeper.ts under tsx) against a chain, as
 * `npm start` and the e2e global setup do. Its JSON lines go to `log`.
 */
export function startKeeperProcess(opts: {
  rpcUrl: string;
  chainId: number;
  env?: Record<string, string | undefined>;
  log?: (chunk: string) => void;
}): KeeperProcess {
  const child = startService(paths.bin("tsx"), ["scripts/src/keeper.ts"], {
    cwd: paths.root,
    env: { ...process.env, RPC_URL: opts.rpcUrl, CHAIN_ID: String(opts.chainId), ...opts.env },
    onOutput: opts.log,
  });
  return { pid: child.pid ?? -1, child, stop: () => stopProcessGroup(child) };
}
