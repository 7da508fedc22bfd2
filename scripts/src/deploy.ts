/**
 * Deploys the protocol and writes packages/sdk/src/deployments/<chainId>.json; `--seed` also
 * seeds the demo pools and funds the dev accounts.
 *
 *   npx tsx scripts/src/deploy.ts [--seed]
 *
 * Env: RPC_URL (default http://127.0.0.1:8545), CHAIN_ID (default 31337), DEPLOYER_PRIVATE_KEY
 * (required unless CHAIN_ID is 31337, where anvil's account 0 deploys), PRODUCT_SYMBOL (KSU),
 * GENESIS_TIMESTAMP (optional, unix seconds), SEED_ACCOUNTS (comma-separated addresses to fund
 * when seeding; default anvil accounts 1-4 on 31337), TREASURY_ADDRESS and KYC_SIGNER_ADDRESS
 * (default anvil accounts 8 and 9 on 31337, else the deployer), KSU_PRICE_USDC (default 0.5).
 */
import { isAddress, isHex, parseUnits, type Address, type Hex } from "viem";
import { z } from "zod";
import { deployProtocol, seedDemo, writeDeployment } from "./chain/deploy";
import { demoLenderAccounts, deployerAccount } from "./lib/dev-accounts";

const LOCAL_CHAIN_ID = 31337;

const EnvSchema = z
  .object({
    RPC_URL: z.url().default("http://127.0.0.1:8545"),
    CHAIN_ID: z.coerce.number().int().positive().default(LOCAL_CHAIN_ID),
    DEPLOYER_PRIVATE_KEY: z
      .string()
      .refine((v) => isHex(v) && v.length === 66, "must be a 0x-prefixed 32-byte hex key")
      .optional(),
    PRODUCT_SYMBOL: z.string().min(1).max(11).default("KSU"),
    GENESIS_TIMESTAMP: z.coerce.number().int().nonnegative().optional(),
    TREASURY_ADDRESS: z.string().refine(isAddress, "must be an address").optional(),
    KYC_SIGNER_ADDRESS: z.string().refine(isAddress, "must be an address").optional(),
    KSU_PRICE_USDC: z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, "must be a USDC amount like 0.5")
      .optional(),
    SEED_ACCOUNTS: z
      .string()
      .transform((v) => v.split(",").map((a) => a.trim()))
      .refine((list) => list.every((a) => isAddress(a)), "must be comma-separated addresses")
      .optional(),
  })
  .refine((env) => env.CHAIN_ID === LOCAL_CHAIN_ID || env.DEPLOYER_PRIVATE_KEY, {
    path: ["DEPLOYER_PRIVATE_KEY"],
    message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID}`,
  });

function readEnv() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    console.error(`Invalid environment:\n${lines.join("\n")}`);
    process.exit(1);
  }
  return parsed.data;
}

async function main() {
  const env = readEnv();
  const seed = process.argv.slice(2).includes("--seed");
  const local = env.CHAIN_ID === LOCAL_CHAIN_ID;
  const deployerPrivateKey = (env.DEPLOYER_PRIVATE_KEY ?? deployerAccount.privateKey) as Hex;

  console.log(`Deploying to chain ${env.CHAIN_ID} at ${env.RPC_URL} ...`);
  const deployment = await deployProtocol({
    rpcUrl: env.RPC_URL,
    chainId: env.CHAIN_ID,
    deployerPrivateKey,
    ksuSymbol: env.PRODUCT_SYMBOL,
    genesis: env.GENESIS_TIMESTAMP,
    treasury: env.TREASURY_ADDRESS as Address | undefined,
    kycSigner: env.KYC_SIGNER_ADDRESS as Address | undefined,
    ksuPrice: env.KSU_PRICE_USDC ? parseUnits(env.KSU_PRICE_USDC, 6) : undefined,
  });
  await writeDeployment(deployment);
  console.log(JSON.stringify(deployment, null, 2));

  if (seed) {
    const devAccounts = (env.SEED_ACCOUNTS ??
      (local ? demoLenderAccounts.map((a) => a.address) : [])) as Address[];
    await seedDemo({ rpcUrl: env.RPC_URL, deployment, deployerPrivateKey, devAccounts });
    console.log(`Seeded demo pools; funded ${devAccounts.length} account(s).`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
