import { z } from "zod";
import { database } from "@/server/context";
import { badRequest } from "@/server/http/errors";
import { apiHandler, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import {
  MAX_REASON_LENGTH,
  reviewQueue,
  ReviewReasonError,
  reviewVerification,
} from "@/server/services/manage/kyc-review";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";

export const dynamic = "force-dynamic";

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");

/** GET /api/manage/kyc: the identity verifications to be reviewed, oldest first. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  await requireOperator(db, request, CAN.reviewKyc);
  const queue = await reviewQueue(db);
  return {
    queue: queue.map((k) => ({
      address: k.address,
      status: k.status,
      entityType: k.entityType,
      fullName: k.fullName,
      email: k.email ?? null,
    })),
  };
});

const body = z
  .object({
    address: addressSchema,
    decision: z.enum(["approve", "reject"]),
    reason: z.string().max(MAX_REASON_LENGTH).optional(),
  })
  .strict();

/** POST /api/manage/kyc {address, decision, reason}: approves or rejects (recorded in the audit). */
export const POST = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request, CAN.reviewKyc);
  const b = await readJson(request, body);
  try {
    const info = await reviewVerification(db, {
      chainId: operator.chainId,
      actor: operator.address,
      address: b.address,
      decision: b.decision,
      reason: b.reason,
    });
    return { address: info.address, status: info.status };
  } catch (error) {
    if (error instanceof ReviewReasonError) throw badRequest(`reason: ${error.message}`);
    throw error;
  }
});
