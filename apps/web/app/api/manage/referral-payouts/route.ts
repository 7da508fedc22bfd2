import { chainClient, database } from "@/server/context";
import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { requireOperator } from "@/server/services/manage/operator";
import { listReferralPayouts } from "@/server/services/manage/referral-payouts";
import { CAN } from "@/server/services/manage/roles";

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/** GET /api/manage/referral-payouts: each referrer's reward per pool and epoch and its status. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request, CAN.view);
  return {
    payouts: await listReferralPayouts(db, {
      client: chainClient(),
      deployment: operator.deployment,
      chainId: operator.chainId,
    }),
  };
});
