import { isAcceptableAmountInput, parseAmountInput, USDC_DECIMALS } from "@lending/sdk";
import { z } from "zod";
import type { Address } from "viem";
import { chainClient, database } from "@/server/context";
import { badRequest } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import {
  ForceWithdrawalError,
  MAX_FORCE_REASON_LENGTH,
  planForceWithdrawal,
} from "@/server/services/manage/force-withdrawal";
import { requireOperator } from "@/server/services/manage/operator";
import { CAN } from "@/server/services/manage/roles";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const id = z.string().regex(/^\d{1,30}$/, "must be a whole number (ids start at 0)");

const body = z
  .object({
    poolId: id,
    trancheId: id,
    user: addressSchema,
    amount: z
      .string()
      .trim()
      .refine(
        (v) => v === "all" || (isAcceptableAmountInput(v, USDC_DECIMALS) && /\d/.test(v)),
        "must be 'all' or a USDC amount",
      ),
    reason: z.string().max(MAX_FORCE_REASON_LENGTH),
  })
  .strict();

/**
 * POST /api/manage/force-withdrawal {poolId, trancheId, user, amount: "all" | USDC, reason}: the
 * checks of a forced withdrawal the pool manager is about to send from their own wallet (the
 * ops CLI's `withdraw:force` runs the same ones). Answers the shares to queue and what they are
 * worth; writes nothing. The mined transaction is then recorded with the reason
 * (POST /api/manage/audit).
 */
export const POST = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const operator = await requireOperator(db, request, CAN.manageCapital);
  const b = await readJson(request, body);
  try {
    const plan = await planForceWithdrawal(chainClient(), operator.deployment, {
      signer: operator.address,
      poolId: BigInt(b.poolId),
      trancheId: BigInt(b.trancheId),
      user: b.user as Address,
      amount:
        b.amount === "all" ? { all: true } : { assets: parseAmountInput(b.amount, USDC_DECIMALS) },
      reason: b.reason,
    });
    return {
      poolId: String(plan.poolId),
      trancheId: String(plan.trancheId),
      user: plan.user,
      shares: String(plan.shares),
      freeShares: String(plan.freeShares),
      freeValue: String(plan.freeValue),
      value: String(plan.value),
      reason: plan.reason,
    };
  } catch (error) {
    if (error instanceof ForceWithdrawalError) throw badRequest(error.message);
    throw error;
  }
});
