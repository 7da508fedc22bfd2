import { z } from "zod";
import { chainClient, database } from "@/server/context";
import { badRequest, notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { ticketById } from "@/server/repositories/loan-tickets";
import { LoanTicketError, planReturns } from "@/server/services/manage/loan-tickets";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z.object({ ticketId: z.number().int().positive().max(2_147_483_647) }).strict();

/**
 * POST /api/manage/loan-tickets/returns {ticketId}: the returns due on a ticket (lenders who
 * opted out, none returned yet) and the shares of each forced withdrawal (the ops CLI's
 * `loan-tickets:return-funds` computes them the same way). Writes nothing.
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
    return {
      returns: await planReturns(
        db,
        { publicClient: chainClient(), deployment: operator.deployment },
        ticket,
      ),
    };
  } catch (error) {
    if (error instanceof LoanTicketError) throw badRequest(error.message);
    throw error;
  }
});
