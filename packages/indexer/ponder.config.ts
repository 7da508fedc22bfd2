/**
 * Ponder project: every protocol event of the deployed contracts into the tables of
 * ponder.schema.ts, served over HTTP by src/api. Configuration is read once and checked with zod
 * (src/config.ts); addresses and the start block come from packages/sdk/src/deployments.
 */
import { ksuLockingAbi, lendingPoolManagerAbi, referralRewardsAbi } from "@lending/sdk";
import { createConfig } from "ponder";
import { zeroAddress } from "viem";
import { loadIndexerConfig } from "./src/config";

const config = loadIndexerConfig();
const { deployment } = config;

export default createConfig({
  database: config.databaseUrl
    ? { kind: "postgres", connectionString: config.databaseUrl }
    : { kind: "pglite", directory: config.pgliteDir },
  chains: {
    protocol: {
      id: config.chainId,
      rpc: config.rpcUrl,
      pollingInterval: config.pollingInterval,
      // anvil restarts from scratch: never reuse cached RPC answers of an older chain.
      disableCache: config.chainId === 31337,
    },
  },
  contracts: {
    LendingPoolManager: {
      chain: "protocol",
      abi: lendingPoolManagerAbi,
      address: deployment.lendingPoolManager,
      startBlock: deployment.deployBlock,
    },
    KsuLocking: {
      chain: "protocol",
      abi: ksuLockingAbi,
      address: deployment.ksuLocking,
      startBlock: deployment.deployBlock,
    },
    // referral payouts; a deployment made before the contract existed has none (no events)
    ReferralRewards: {
      chain: "protocol",
      abi: referralRewardsAbi,
      address: deployment.referralRewards ?? zeroAddress,
      startBlock: deployment.deployBlock,
    },
  },
});
