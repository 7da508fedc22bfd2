import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseDeployment, type Deployment } from "@lending/sdk/deployments";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..", "..", "..");

const LOCAL_CHAIN_ID = 31337;

const Schema = z
  .object({
    CHAIN_ID: z.coerce.number().int().positive().default(LOCAL_CHAIN_ID),
    RPC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().trim().min(1).optional(),
    INDEXER_PGLITE_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, ".data", "indexer-pglite")),
    INDEXER_POLLING_MS: z.coerce.number().int().min(50).max(60_000).optional(),
    /** A deployment JSON to use instead of packages/sdk/src/deployments/<CHAIN_ID>.json. */
    INDEXER_DEPLOYMENT_FILE: z.string().min(1).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.CHAIN_ID !== LOCAL_CHAIN_ID && !v.RPC_URL) {
      ctx.addIssue({ code: "custom", path: ["RPC_URL"], message: "is required off chain 31337" });
    }
  });

export type IndexerConfig = {
  chainId: number;
  rpcUrl: string;
  databaseUrl?: string;
  pgliteDir: string;
  pollingInterval: number;
  deployment: Deployment;
};

/** Reads and checks the indexer's configuration; throws naming each bad variable. */
export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  const parsed = Schema.safeParse({ ...env, DATABASE_URL: env.DATABASE_URL || undefined });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid indexer configuration:\n${lines.join("\n")}`);
  }
  const v = parsed.data;
  const file =
    v.INDEXER_DEPLOYMENT_FILE ??
    path.join(repoRoot, "packages", "sdk", "src", "deployments", `${v.CHAIN_ID}.json`);
  let deployment: Deployment;
  try {
    deployment = parseDeployment(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new Error(
      `No usable deployment for chain ${v.CHAIN_ID} at ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (deployment.chainId !== v.CHAIN_ID) {
    throw new Error(`${file} is for chain ${deployment.chainId}, not CHAIN_ID ${v.CHAIN_ID}`);
  }
  return {
    chainId: v.CHAIN_ID,
    rpcUrl: v.RPC_URL ?? "http://127.0.0.1:8545",
    databaseUrl: v.DATABASE_URL,
    pgliteDir: v.INDEXER_PGLITE_DIR,
    pollingInterval: v.INDEXER_POLLING_MS ?? (v.CHAIN_ID === LOCAL_CHAIN_ID ? 200 : 1000),
    deployment,
  };
}
