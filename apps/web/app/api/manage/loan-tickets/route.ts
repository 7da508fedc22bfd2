import { z } from "zod";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { badRequest } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { recordAudit } from "@/server/services/manage/audit";
import {
  createLoanTicket,
  LoanTicketError,
  ticketOverview,
} from "@/server/services/manage/loan-tickets";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");

/** GET /api/manage/loan-tickets: the newest tickets, who was told and mailed, decisions, returns. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request, CAN.manageCapital);
  return { tickets: await ticketOverview(db, operator.chainId) };
});

const id = z.string().regex(/^\d{1,30}$/, "must be a whole number (ids start at 0)");
const body = z
  .object({
    poolId: id,
    trancheId: id,
    endBorrowerId: z.string().trim().min(1, "is required").max(100),
    endBorrowerName: z.string().trim().min(1, "is required").max(200),
    assets: z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,6})?$/, "must be a USDC amount above 0")
      .refine((v) => /[1-9]/.test(v), "must be a USDC amount above 0"),
    user: addressSchema.optional(),
  })
  .strict();

/**
 * POST /api/manage/loan-tickets {poolId, trancheId, endBorrowerId, endBorrowerName, assets, user?}:
 * records a loan ticket and tells (and mails) each lender whose funds back it, as the ops CLI's
 * `loan-tickets:create` does (one implementation); recorded in the audit trail.
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  const config = serverConfig();
  const kyc = await kycProvider(config);
  const origin = (config.appUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  try {
    const { ticket, notified, mailed } = await createLoanTicket(
      db,
      {
        publicClient: chainClient(),
        deployment: operator.deployment,
        indexerUrl: config.indexerUrl,
      },
      {
        chainId: operator.chainId,
        poolId: BigInt(b.poolId),
        trancheId: BigInt(b.trancheId),
        endBorrowerId: b.endBorrowerId,
        endBorrowerName: b.endBorrowerName,
        assets: b.assets,
        user: b.user as Address | undefined,
      },
      {
        mail: config.mail,
        appName: config.appName,
        portfolioUrl: `${origin}/portfolio`,
        emailOf: async (address) => (await kyc.getCustomer(address)).email ?? null,
      },
    );
    await recordAudit(db, {
      chainId: operator.chainId,
      actor: operator.address,
      action: "loan-tickets:create",
      target: `ticket ${ticket.id}`,
      details: {
        poolId: ticket.poolId,
        trancheId: ticket.trancheId,
        borrower: ticket.endBorrowerName,
        assets: ticket.assets,
        notified: String(notified),
        mailed: String(mailed),
      },
    });
    return { id: ticket.id, notified, mailed };
  } catch (error) {
    if (error instanceof LoanTicketError) throw badRequest(error.message);
    throw error;
  }
});
