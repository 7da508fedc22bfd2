/**
 * The chain the ops commands act on: RPC_URL (default http://127.0.0.1:8545), CHAIN_ID (default
 * 31337) and OPS_PRIVATE_KEY (required unless CHAIN_ID is 31337, where anvil's account 0, the
 * local admin, signs), with the deployment record of that chain.
 */
import { readFile } from "node:fs/promises";
import type { Deployment } from "@lending/sdk";
import { parseDeployment } from "@lending/sdk/deployments";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  isHex,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { configuredDeploymentPath } from "../chain/deploy";
import { deployerAccount } from "../lib/dev-accounts";

export const LOCAL_CHAIN_ID = 31337;

/** Thrown for a bad command line or an ops step that cannot run. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OpsError";
  }
}

const EnvSchema = z
  .object({
    RPC_URL: z.url().default("http://127.0.0.1:8545"),
    CHAIN_ID: z.coerce.number().int().positive().default(LOCAL_CHAIN_ID),
    OPS_PRIVATE_KEY: z
      .string()
      .refine((v) => isHex(v) && v.length === 66, "must be a 0x-prefixed 32-byte hex key")
      .optional(),
  })
  .refine((env) => env.CHAIN_ID === LOCAL_CHAIN_ID || env.OPS_PRIVATE_KEY, {
    path: ["OPS_PRIVATE_KEY"],
    message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`,
  });

export type OpsEnv = z.infer<typeof EnvSchema>;

/** RPC_URL, CHAIN_ID and OPS_PRIVATE_KEY from `env`, validated (an OpsError names what is bad). */
export function opsEnv(env: Record<string, string | undefined> = process.env): OpsEnv {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new OpsError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export async function loadDeployment(chainId: number): Promise<Deployment> {
  const text = await readFile(configuredDeploymentPath(chainId), "utf8").catch(() => {
    throw new OpsError(`No deployment for chain ${chainId}: run the deploy first.`);
  });
  return parseDeployment(JSON.parse(text));
}

/** Clients for the configured chain, signing with OPS_PRIVATE_KEY (anvil's account 0 locally). */
export async function opsChain(env: OpsEnv = opsEnv()) {
  const chain = defineChain({
    id: env.CHAIN_ID,
    name: env.CHAIN_ID === LOCAL_CHAIN_ID ? "Anvil" : `Chain ${env.CHAIN_ID}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [env.RPC_URL] } },
  });
  const transport = http(env.RPC_URL, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const key = (env.OPS_PRIVATE_KEY ?? deployerAccount.privateKey) as Hex;
  const walletClient = createWalletClient({ account: privateKeyToAccount(key), chain, transport });
  return {
    env,
    publicClient: publicClient as PublicClient,
    walletClient,
    deployment: await loadDeployment(env.CHAIN_ID),
  };
}

export type OpsChain = Awaited<ReturnType<typeof opsChain>>;
