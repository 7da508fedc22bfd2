import { z } from "zod";
import type { Hash } from "viem";
import { chainClient, database } from "@/server/context";
import { badRequest } from "@/server/http/errors";
import { apiHandler, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { listAudit } from "@/server/services/manage/audit";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { auditTransaction, TxAuditError } from "@/server/services/manage/tx-audit";

export const dynamic = "force-dynamic";

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");

const toView = (r: Awaited<ReturnType<typeof listAudit>>[number]) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/manage/audit: the operator actions, newest first. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request);
  return { entries: (await listAudit(db, operator.chainId)).map(toView) };
});

const body = z
  .object({
    txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash"),
    reason: z.string().max(500).default(""),
  })
  .strict();

/**
 * POST /api/manage/audit {txHash, reason}: records a transaction the operator's wallet sent to the
 * LendingPoolManager (what it did is read from the chain; the client says only why).
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  try {
    const row = await auditTransaction(db, {
      client: chainClient(),
      deployment: operator.deployment,
      chainId: operator.chainId,
      actor: operator.address,
      hash: b.txHash as Hash,
      reason: b.reason,
    });
    return { recorded: !!row };
  } catch (error) {
    if (error instanceof TxAuditError) throw badRequest(`txHash: ${error.message}`);
    throw error;
  }
});
