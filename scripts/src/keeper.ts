/**
 * `npm run keeper`: the long-running keeper (scripts/src/keeper/keeper.ts). Env: RPC_URL,
 * CHAIN_ID, KEEPER_PRIVATE_KEY (required unless CHAIN_ID is 31337, where anvil account 7 signs),
 * KEEPER_POLL_INTERVAL_MS, KEEPER_MAX_BACKOFF_MS, KEEPER_LOG_BLOCK_RANGE, REFERRAL_FEE_SHARE,
 * KSU_PRICE_SOURCE (where the KSU price it publishes comes from; default on 31337: the
 * deployment's KSU/USDC pair), KSU_PRICE_REFRESH_S, KSU_PRICE_MAX_MOVE, KSU_TWAP_WINDOW_S,
 * KSU_FEED_MAX_AGE_S, KEEPER_RERATE_MAX, KEEPER_REFERRAL_READS_PER_PASS, and the web server's
 * KYC_PROVIDER / COMPILOT_API_URL / COMPILOT_API_KEY (a referral reward is paid only while both
 * lenders are verified) (scripts/src/keeper/config.ts).
 * Reads the deployment record DEPLOYMENT_FILE, else packages/sdk/src/deployments/<CHAIN_ID>.json. One JSON line per
 * action on stdout. Referral payouts record in the web server's database: DATABASE_URL, else the
 * one `npm start` serves on 127.0.0.1:DB_PORT (never the PGlite folder itself, which the server
 * owns); without one, or with a database of another chain (refused, logged once), they wait, and
 * everything else goes on.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseKeeperConfig } from "./keeper/config";
import { Keeper } from "./keeper/keeper";
import { jsonLogger } from "./keeper/log";
import { recordingLogger } from "../../apps/web/src/server/services/manage/keeper-status";
import { openDatabase, type DatabaseHandle } from "../../apps/web/src/server/db/client";
import { portAnswers } from "../../apps/web/src/server/db/serve";
import {
  bindDatabaseToChain,
  ChainMismatchError,
} from "../../apps/web/src/server/db/chain-binding";
import { parseServerConfig } from "../../apps/web/src/config/server";
import type { EnvInput } from "../../apps/web/src/config/schema";
import { mailEpochClearing } from "../../apps/web/src/server/services/epoch-mails";
import { CompilotKycProvider } from "../../apps/web/src/server/services/kyc/compilot";
import { LocalKycProvider } from "../../apps/web/src/server/services/kyc/local";
import { createPublicClient, http, type Address } from "viem";
import { chainIdentity } from "./lib/anvil";
import { dbPort, localDatabaseUrl } from "./lib/db";
import { loadDeploymentFile } from "./lib/keeper";
import { paths } from "./lib/paths";

async function main() {
  const dotenv = path.join(paths.root, ".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const config = parseKeeperConfig(process.env);
  const deployment = await loadDeploymentFile(config.chainId);
  let handle: DatabaseHandle | undefined;
  let mismatchLogged = false;
  const database = async () => {
    if (handle) return handle.db;
    if (mismatchLogged) return null; // another chain's database: refused until a restart
    const url =
      process.env.DATABASE_URL?.trim() ||
      ((await portAnswers(dbPort())) ? localDatabaseUrl() : undefined);
    if (!url) return null;
    const opened = await openDatabase({ databaseUrl: url });
    try {
      // the payout marks are per chain: a database of another chain is never used
      await bindDatabaseToChain(opened.db, await chainIdentity(config.rpcUrl));
    } catch (error) {
      await opened.close();
      if (!(error instanceof ChainMismatchError)) throw error;
      if (!mismatchLogged) {
        mismatchLogged = true;
        jsonLogger({ level: "error", action: "database", error: error.message });
      }
      return null;
    }
    handle = opened;
    return handle.db;
  };
  // Epoch mails (issue 28) use the web server's configuration (MAIL_FROM, SMTP_URL,
  // MAIL_LINK_SECRET, APP_URL, the KYC provider for the lenders' emails); without it, none.
  let epochMails: ((poolId: bigint, epoch: bigint) => Promise<unknown>) | undefined;
  try {
    const web = parseServerConfig(process.env as EnvInput, paths.root);
    const client = createPublicClient({ transport: http(config.rpcUrl) });
    const origin = web.appUrl ?? `http://localhost:${process.env.PORT ?? 3000}`;
    epochMails = async (poolId, epoch) => {
      const db = await database();
      if (!db) throw new Error("no database for the epoch mails yet");
      const kyc =
        web.kyc.provider === "compilot" && web.kyc.compilot
          ? new CompilotKycProvider(web.kyc.compilot)
          : new LocalKycProvider(db);
      return mailEpochClearing(
        db,
        {
          client,
          deployment,
          mail: web.mail,
          origin,
          emailOf: async (address: Address) => (await kyc.getCustomer(address)).email ?? null,
        },
        { poolId, epoch },
      );
    };
  } catch (error) {
    jsonLogger({
      level: "warn",
      action: "epoch-mails",
      outcome: "disabled",
      error: error instanceof Error ? error.message : String(error),
    });
  }
  // the operator console's health panel reads the last run and error per pool from the database
  const recorder = recordingLogger(jsonLogger, database, config.chainId);
  const keeper = new Keeper(config, deployment, recorder.log, {
    database,
    epochMails,
    onPass: recorder.pass,
  });
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await keeper.run(controller.signal);
  await handle?.close();
}

main().catch((error: unknown) => {
  jsonLogger({
    level: "error",
    action: "fatal",
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
