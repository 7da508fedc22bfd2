import { z } from "zod";
import type { Address, Hash } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { badRequest, HttpError } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { kycProvider } from "@/server/services/kyc";
import { explorerOf, LossMailError } from "@/server/services/loss-notices";
import {
  announceLoss,
  LossReportError,
  reportedLossPool,
} from "@/server/services/manage/loss-report";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash") })
  .strict();

/**
 * POST /api/manage/loss-mail {txHash}: after the console's "Report loss", mails each lender of
 * the pool with an email on file about the loss reported in `txHash`, with the reason recorded
 * with the report (as the ops CLI's `loss:report` does: one implementation). Once per lender and
 * loss: a repeat mails nobody twice. 503 while the indexer has not seen the report.
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  const hash = b.txHash.toLowerCase() as Hash;
  const config = serverConfig();
  try {
    const poolId = await reportedLossPool(chainClient(), operator.deployment, hash);
    const kyc = await kycProvider(config);
    const origin = (config.appUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
    const counts = await announceLoss(
      db,
      {
        chainId: operator.chainId,
        indexerUrl: config.indexerUrl,
        mail: config.mail,
        portfolioUrl: `${origin}/portfolio`,
        explorerUrl: explorerOf(operator.chainId),
        emailOf: async (address: Address) => (await kyc.getCustomer(address)).email ?? null,
        timeoutMs: 20_000,
      },
      { poolId, hash },
    );
    return { poolId: String(poolId), ...counts };
  } catch (error) {
    if (error instanceof LossReportError) throw badRequest(`txHash: ${error.message}`);
    if (error instanceof LossMailError) throw new HttpError(503, error.message);
    throw error;
  }
});
