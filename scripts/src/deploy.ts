/**
 * Deploys the protocol and writes packages/sdk/src/deployments/<chainId>.json; `--seed` also
 * creates the demo pools (and, with the test tokens, funds the dev accounts and reserves).
 *
 *   npx tsx scripts/src/deploy.ts [--seed]
 *
 * Env (validated by scripts/src/chain/deploy-config.ts): RPC_URL (default
 * http://127.0.0.1:8545), CHAIN_ID (default 31337), PRODUCT_SYMBOL (KSU), GENESIS_TIMESTAMP
 * (optional, unix seconds), KSU_PRICE_USDC (default 0.5), SEED_ACCOUNTS (comma-separated
 * addresses to fund when seeding; default anvil accounts 1-4 on 31337), DEPLOYMENTS_DIR (default
 * packages/sdk/src/deployments).
 * On 31337 anvil's account 0 deploys TestUSDC and KSU, treasury and KYC signer are anvil accounts
 * 8 and 9, and the deployer is the keeper. Any other chain needs DEPLOYER_PRIVATE_KEY,
 * KSU_ADDRESS, KEEPER_ADDRESS, TREASURY_ADDRESS, KYC_SIGNER_ADDRESS and USDC_ADDRESS (default
 * Circle's USDC on Base 8453 and Base Sepolia 84532); no test token is deployed there. See
 * docs/deploy-base-sepolia.md.
 */
import { parseDeployEnv, runDeploy } from "./chain/deploy-config";

async function main() {
  const env = parseDeployEnv(process.env);
  await runDeploy(env, { seed: process.argv.slice(2).includes("--seed") });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
