import { poolTransactionsCsv } from "@lending/sdk";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import {
  ReportQuery,
  csvResponse,
  poolTransactions,
  requirePool,
} from "@/server/services/pool-page";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

type Context = { params: Promise<{ poolId: string }> };

/**
 * GET /api/pools/{poolId}/reports/transactions[?page=2]: the investor transactions of the pool
 * (every event of the lenders' requests, oldest first, lenders by address only) as a CSV
 * download of at most 10,000 rows; `Link: rel="next"` names the next part when there is one.
 * Public on-chain data. 400 JSON for a malformed pool id, 404 JSON for an unknown pool, 503 JSON
 * when the chain or the indexer is down.
 */
export const GET = apiHandler<Context>(async (request, { params }) => {
  const { poolId } = await params;
  const { page } = readQuery(request, ReportQuery);
  const pool = await requirePool(poolId);
  const { items, hasMore } = await poolTransactions(pool.id, page);
  const next = hasMore ? `/api/pools/${pool.id}/reports/transactions?page=${page + 1}` : undefined;
  const suffix = page > 1 ? `-part-${page}` : "";
  return csvResponse(
    poolTransactionsCsv(items),
    `pool-${pool.id}-investor-transactions${suffix}.csv`,
    next,
  );
});
