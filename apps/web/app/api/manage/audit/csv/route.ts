import { database } from "@/server/context";
import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { auditCsv, listAudit } from "@/server/services/manage/audit";
import { requireOperator } from "@/server/services/manage/operator";

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/** GET /api/manage/audit/csv: the whole audit trail as a CSV download (formula-safe cells). */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const operator = await requireOperator(db, request);
  const csv = auditCsv(await listAudit(db, operator.chainId, { limit: 100_000 }));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="operator-audit-${operator.chainId}.csv"`,
      "cache-control": "no-store",
    },
  });
});
