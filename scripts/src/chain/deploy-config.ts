/**
 * Configuration and run of `npm run deploy` (scripts/src/deploy.ts), kept apart from the CLI so a
 * test can run the real path in-process (see deploy-config.test.ts: a Base Sepolia dry run on
 * anvil).
 */
import type { Deployment } from "@lending/sdk";
import { getAddress, isAddress, isHex, parseUnits, type Address, type Hex } from "viem";
import { z } from "zod";
import { demoLenderAccounts, deployerAccount } from "../lib/dev-accounts";
import { CIRCLE_USDC, DeployError, deployProtocol, seedDemo, writeDeployment } from "./deploy";

export const LOCAL_CHAIN_ID = 31337;

const address = (what: string) =>
  z
    .string()
    .refine(isAddress, `must be a 0x-prefixed 20-byte address (${what})`)
    .transform((v) => getAddress(v));

export const DeployEnvSchema = z
  .object({
    RPC_URL: z.url().default("http://127.0.0.1:8545"),
    CHAIN_ID: z.coerce.number().int().positive().default(LOCAL_CHAIN_ID),
    DEPLOYER_PRIVATE_KEY: z
      .string()
      .refine((v) => isHex(v) && v.length === 66, "must be a 0x-prefixed 32-byte hex key")
      .optional(),
    PRODUCT_SYMBOL: z.string().min(1).max(11).default("KSU"),
    GENESIS_TIMESTAMP: z.coerce.number().int().nonnegative().optional(),
    TREASURY_ADDRESS: address("the fee receiver").optional(),
    KYC_SIGNER_ADDRESS: address("the KYC signer, matching the web server's signing key").optional(),
    KEEPER_ADDRESS: address(
      "the keeper's account, which receives KEEPER_ROLE and PRICE_SETTER_ROLE",
    ).optional(),
    USDC_ADDRESS: address("an existing USDC token").optional(),
    KSU_ADDRESS: address("an existing KSU token").optional(),
    KSU_PRICE_USDC: z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, "must be a USDC amount like 0.5")
      .optional(),
    SEED_ACCOUNTS: z
      .string()
      .transform((v) => v.split(",").map((a) => a.trim()))
      .refine((list) => list.every((a) => isAddress(a)), "must be comma-separated addresses")
      .optional(),
    /** Where the deployment record goes (default packages/sdk/src/deployments). */
    DEPLOYMENTS_DIR: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.CHAIN_ID === LOCAL_CHAIN_ID) return;
    const required: [keyof typeof env, string][] = [
      ["DEPLOYER_PRIVATE_KEY", "the deployer's key (it keeps the admin roles)"],
      ["KSU_ADDRESS", "no test KSU is deployed off the local chain"],
      ["KEEPER_ADDRESS", "the keeper clears pools during clearing periods"],
      ["TREASURY_ADDRESS", "receives the treasury's fees"],
      ["KYC_SIGNER_ADDRESS", "must match the web server's KYC signing key"],
    ];
    if (!CIRCLE_USDC[env.CHAIN_ID]) {
      required.push(["USDC_ADDRESS", `no known USDC for chain ${env.CHAIN_ID}`]);
    }
    for (const [key, why] of required) {
      if (env[key] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is required when CHAIN_ID is not ${LOCAL_CHAIN_ID} (${why})`,
        });
      }
    }
  });

export type DeployEnv = z.infer<typeof DeployEnvSchema>;

/** Parses the environment (empty values count as unset); throws a DeployError listing every issue. */
export function parseDeployEnv(raw: Record<string, string | undefined>): DeployEnv {
  const env = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = DeployEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new DeployError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/**
 * Deploys with `env`, writes the chain's deployment record and, with `seed`, the demo data: the
 * demo pools, plus (only with the test tokens this deploy created) USDC/KSU for the dev accounts,
 * the interest reserves and the bonus pool. Returns the deployment and the record's path.
 */
export async function runDeploy(
  env: DeployEnv,
  opts: { seed?: boolean; log?: (line: string) => void } = {},
): Promise<{ deployment: Deployment; file: string }> {
  const log = opts.log ?? console.log;
  const local = env.CHAIN_ID === LOCAL_CHAIN_ID;
  const deployerPrivateKey = (env.DEPLOYER_PRIVATE_KEY ?? deployerAccount.privateKey) as Hex;
  const circle = CIRCLE_USDC[env.CHAIN_ID];
  const usdc = env.USDC_ADDRESS ?? circle;
  if (circle && usdc !== circle) {
    log(`Warning: USDC_ADDRESS ${usdc} is not Circle's USDC on chain ${env.CHAIN_ID} (${circle}).`);
  }
  const testTokens = !usdc && !env.KSU_ADDRESS;

  log(
    `Deploying to chain ${env.CHAIN_ID} at ${env.RPC_URL} (USDC ${usdc ?? "TestUSDC, deployed now"}, KSU ${env.KSU_ADDRESS ?? "deployed now"}) ...`,
  );
  const deployment = await deployProtocol({
    rpcUrl: env.RPC_URL,
    chainId: env.CHAIN_ID,
    deployerPrivateKey,
    ksuSymbol: env.PRODUCT_SYMBOL,
    genesis: env.GENESIS_TIMESTAMP,
    treasury: env.TREASURY_ADDRESS,
    kycSigner: env.KYC_SIGNER_ADDRESS,
    keeper: env.KEEPER_ADDRESS,
    usdc,
    ksu: env.KSU_ADDRESS,
    ksuPrice: env.KSU_PRICE_USDC ? parseUnits(env.KSU_PRICE_USDC, 6) : undefined,
  });
  const file = await writeDeployment(deployment, env.DEPLOYMENTS_DIR);
  log(`Wrote ${file}`);
  log(JSON.stringify(deployment, null, 2));

  if (opts.seed) {
    const devAccounts = (env.SEED_ACCOUNTS ??
      (local ? demoLenderAccounts.map((a) => a.address) : [])) as Address[];
    await seedDemo({
      rpcUrl: env.RPC_URL,
      deployment,
      deployerPrivateKey,
      devAccounts,
      testTokens,
    });
    log(
      testTokens
        ? `Seeded demo pools; funded ${devAccounts.length} account(s).`
        : "Created the demo pools (existing tokens: nothing minted; fund the interest reserves with `npm run ops -- repay`).",
    );
  }
  return { deployment, file };
}
