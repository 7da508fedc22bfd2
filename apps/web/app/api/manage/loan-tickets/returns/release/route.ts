import { chainClient } from "@/server/context";
import { notAllowed } from "@/server/http/methods";
import { loanTicketReturnRoute, returnBody } from "@/server/services/manage/loan-ticket-route";
import { releaseReturn } from "@/server/services/manage/loan-tickets";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

/**
 * POST /api/manage/loan-tickets/returns/release {ticketId, user}: releases the signed-in
 * operator's reservation when the signature was refused or the withdrawal reverted. When the
 * chain shows the withdrawal mined after all, the return is completed instead.
 */
export const POST = loanTicketReturnRoute(
  returnBody.strict(),
  async ({ db, operator, ticket, user }) => ({
    outcome: await releaseReturn(
      db,
      { publicClient: chainClient(), deployment: operator.deployment },
      { ticket, user, actor: operator.address },
    ),
  }),
);
