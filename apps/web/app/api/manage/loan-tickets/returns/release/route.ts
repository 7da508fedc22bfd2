import { z } from "zod";
import type { Address } from "viem";
import { chainClient, database } from "@/server/context";
import { badRequest, conflict, notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { ticketById } from "@/server/repositories/loan-tickets";
import {
  LoanTicketError,
  releaseReturn,
  ReturnTakenError,
} from "@/server/services/manage/loan-tickets";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({ ticketId: z.number().int().positive().max(2_147_483_647), user: addressSchema })
  .strict();

/**
 * POST /api/manage/loan-tickets/returns/release {ticketId, user}: releases the signed-in
 * operator's reservation when the signature was refused or the withdrawal reverted. When the
 * chain shows the withdrawal mined after all, the return is completed instead.
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  const ticket = await ticketById(db, b.ticketId);
  if (!ticket || ticket.chainId !== operator.chainId)
    throw notFound(`No loan ticket ${b.ticketId}`);
  try {
    const outcome = await releaseReturn(
      db,
      { publicClient: chainClient(), deployment: operator.deployment },
      { ticket, user: b.user as Address, actor: operator.address },
    );
    return { outcome };
  } catch (error) {
    if (error instanceof ReturnTakenError) throw conflict(error.message);
    if (error instanceof LoanTicketError) throw badRequest(error.message);
    throw error;
  }
});
