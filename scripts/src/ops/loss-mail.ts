/**
 * After `loss:report` / `default:play`: the mail to every lender of the pool with an email on
 * file (the web server's service, through its mailer: the local outbox on `npm start`). Needs
 * the database and the web server's configuration (MAIL_FROM, SMTP_URL, KYC provider, APP_URL,
 * INDEXER_URL), as the loan-ticket commands do.
 */
import type { Address, Hash } from "viem";
import { parseServerConfig } from "../../../apps/web/src/config/server";
import type { EnvInput } from "../../../apps/web/src/config/schema";
import { CompilotKycProvider } from "../../../apps/web/src/server/services/kyc/compilot";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import { explorerOf } from "../../../apps/web/src/server/services/loss-notices";
import { announceLoss } from "../../../apps/web/src/server/services/manage/loss-report";
import { loadRootDotenv } from "../lib/db";
import { paths } from "../lib/paths";
import { withDatabase } from "./db-commands";

/**
 * Mails the lenders of `poolId` about the loss reported in `hash` (with the pool manager's
 * `reason`, else the one recorded with the report in the audit trail), through the console's
 * service; answers the counts.
 */
export async function mailLossFromOps(
  chainId: number,
  poolId: bigint,
  hash: Hash,
  reason?: string,
): Promise<{ lenders: number; mailed: number; alreadyMailed: number }> {
  loadRootDotenv();
  const config = parseServerConfig(process.env as EnvInput, paths.root);
  return withDatabase(async ({ db }) => {
    const kyc =
      config.kyc.provider === "compilot" && config.kyc.compilot
        ? new CompilotKycProvider(config.kyc.compilot)
        : new LocalKycProvider(db);
    const origin = config.appUrl ?? `http://localhost:${process.env.PORT ?? 3000}`;
    return announceLoss(
      db,
      {
        chainId,
        indexerUrl: config.indexerUrl,
        mail: config.mail,
        portfolioUrl: `${origin.replace(/\/+$/, "")}/portfolio`,
        explorerUrl: explorerOf(chainId),
        emailOf: async (address: Address) => (await kyc.getCustomer(address)).email ?? null,
      },
      { poolId, hash, reason },
    );
  });
}
