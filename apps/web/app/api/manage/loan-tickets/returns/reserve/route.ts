import { chainClient } from "@/server/context";
import { notAllowed } from "@/server/http/methods";
import { loanTicketReturnRoute, returnBody } from "@/server/services/manage/loan-ticket-route";
import { reserveReturn } from "@/server/services/manage/loan-tickets";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

/**
 * POST /api/manage/loan-tickets/returns/reserve {ticketId, user}: reserves an opted-out lender's
 * return before the operator signs its forced withdrawal (as the ops CLI does), and answers the
 * shares to send. A second operator is refused (409) before signing.
 */
export const POST = loanTicketReturnRoute(returnBody.strict(), ({ db, operator, ticket, user }) =>
  reserveReturn(
    db,
    { publicClient: chainClient(), deployment: operator.deployment },
    { ticket, user, actor: operator.address },
  ),
);
