import { chainClient, database } from "@/server/context";
import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { operatorHealth } from "@/server/services/manage/health";
import { requireOperator } from "@/server/services/manage/operator";

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/** GET /api/manage/health: the console's health panel (an operator's session only). */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request);
  return operatorHealth({
    db,
    client: chainClient(),
    deployment: operator.deployment,
    chainId: operator.chainId,
  });
});
