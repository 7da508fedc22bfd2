import { z } from "zod";
import type { Address, Hash } from "viem";
import { chainClient, database } from "@/server/context";
import { badRequest, notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { ticketById } from "@/server/repositories/loan-tickets";
import { LoanTicketError, recordConsoleReturn } from "@/server/services/manage/loan-tickets";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { auditTransaction } from "@/server/services/manage/tx-audit";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    ticketId: z.number().int().positive().max(2_147_483_647),
    user: addressSchema,
    txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash"),
  })
  .strict();

/**
 * POST /api/manage/loan-tickets/returns/record {ticketId, user, txHash}: records the forced
 * withdrawal the operator's wallet sent to return an opted-out lender's funds (read from the
 * chain), so the lender's history shows "Funds returned"; and the audit trail's row.
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  const ticket = await ticketById(db, b.ticketId);
  if (!ticket || ticket.chainId !== operator.chainId)
    throw notFound(`No loan ticket ${b.ticketId}`);
  const client = chainClient();
  try {
    const { nftId } = await recordConsoleReturn(
      db,
      { publicClient: client, deployment: operator.deployment },
      {
        ticket,
        user: b.user as Address,
        hash: b.txHash as Hash,
        actor: operator.address,
      },
    );
    await auditTransaction(db, {
      client,
      deployment: operator.deployment,
      chainId: operator.chainId,
      actor: operator.address,
      hash: b.txHash as Hash,
      reason: `Loan ticket ${ticket.id}: the lender opted out`,
    });
    return { nftId };
  } catch (error) {
    if (error instanceof LoanTicketError) throw badRequest(error.message);
    throw error;
  }
});
