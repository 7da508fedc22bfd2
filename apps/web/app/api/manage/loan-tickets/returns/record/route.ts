import { z } from "zod";
import type { Hash } from "viem";
import { chainClient } from "@/server/context";
import { notAllowed } from "@/server/http/methods";
import { loanTicketReturnRoute, returnBody } from "@/server/services/manage/loan-ticket-route";
import { recordConsoleReturn } from "@/server/services/manage/loan-tickets";
import { auditTransaction } from "@/server/services/manage/tx-audit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

/**
 * POST /api/manage/loan-tickets/returns/record {ticketId, user, txHash}: records the forced
 * withdrawal the operator's wallet sent to return an opted-out lender's funds (read from the
 * chain), so the lender's history shows "Funds returned"; and the audit trail's row.
 */
export const POST = loanTicketReturnRoute(
  returnBody
    .extend({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash") })
    .strict(),
  async ({ db, operator, ticket, user, body }) => {
    const client = chainClient();
    const hash = body.txHash as Hash;
    const { nftId } = await recordConsoleReturn(
      db,
      { publicClient: client, deployment: operator.deployment },
      { ticket, user, hash, actor: operator.address },
    );
    await auditTransaction(db, {
      client,
      deployment: operator.deployment,
      chainId: operator.chainId,
      actor: operator.address,
      hash,
      reason: `Loan ticket ${ticket.id}: the lender opted out`,
    });
    return { nftId };
  },
);
