import { z } from "zod";
import type { Address } from "viem";
import type { Database } from "@/server/db/client";
import { database } from "@/server/context";
import { badRequest, conflict, notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema } from "@/server/http/schemas";
import { ticketById, type LoanTicketRow } from "@/server/repositories/loan-tickets";
import { LoanTicketError, ReturnTakenError } from "./loan-tickets";
import { requireOperator, type Operator } from "./operator";
import { CAN } from "./roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

/** What every console action on one lender's loan-ticket return is given. */
export type ReturnAction<B> = {
  db: Database;
  operator: Operator;
  ticket: LoanTicketRow;
  user: Address;
  body: B;
};

/** The body every return action starts from (`.strict()` it, or `.extend()` it first). */
export const returnBody = z.object({
  ticketId: z.number().int().positive().max(2_147_483_647),
  user: addressSchema,
});

/**
 * The POST handler of a console action on one lender's return of a loan ticket (reserve,
 * release, record): rate limited by IP, an operator who may manage capital, a strict body built
 * on {@link returnBody}, a ticket of the operator's chain (404 otherwise); another operator's
 * return is a 409 and any other refusal of the service a 400.
 */
export function loanTicketReturnRoute<S extends z.ZodType<{ ticketId: number; user: string }>, T>(
  body: S,
  action: (a: ReturnAction<z.output<S>>) => Promise<T>,
) {
  return apiHandler(async (request) => {
    const db = await database();
    await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
    const operator = await requireOperator(db, request, CAN.manageCapital);
    const b = await readJson(request, body);
    const ticket = await ticketById(db, b.ticketId);
    if (!ticket || ticket.chainId !== operator.chainId)
      throw notFound(`No loan ticket ${b.ticketId}`);
    try {
      return await action({ db, operator, ticket, user: b.user as Address, body: b });
    } catch (error) {
      if (error instanceof ReturnTakenError) throw conflict(error.message);
      if (error instanceof LoanTicketError) throw badRequest(error.message);
      throw error;
    }
  });
}
