import { repaymentsCsv } from "@lending/sdk";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { csvResponse, poolRepayments, requirePool } from "@/server/services/pool-page";
import { z } from "zod";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

type Context = { params: Promise<{ poolId: string }> };

/**
 * GET /api/pools/{poolId}/reports/repayments: the repayment table the pool manager published
 * (the last 52 epochs, read from the chain) as a CSV download. Public on-chain data. 400 JSON for
 * a malformed pool id, 404 JSON for an unknown pool, 503 JSON when the chain is down.
 */
export const GET = apiHandler<Context>(async (request, { params }) => {
  const { poolId } = await params;
  readQuery(request, z.object({}).strict());
  const pool = await requirePool(poolId);
  const rows = await poolRepayments(pool.id);
  return csvResponse(repaymentsCsv(rows), `pool-${pool.id}-repayments.csv`);
});
