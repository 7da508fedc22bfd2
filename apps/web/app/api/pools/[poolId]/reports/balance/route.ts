import { poolBalanceCsv } from "@lending/sdk";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { csvResponse, poolEpochs, requirePool } from "@/server/services/pool-page";
import { z } from "zod";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

type Context = { params: Promise<{ poolId: string }> };

/**
 * GET /api/pools/{poolId}/reports/balance: the pool's balance per epoch (total value, capacity,
 * drawn principal, utilisation, the clearing's flows, and per tranche its value, APY and share
 * price; the newest 520 clearings at most) as a CSV download. Public on-chain data. 400 JSON for
 * a malformed pool id, 404 JSON for an unknown pool, 503 JSON when the chain or indexer is down.
 */
export const GET = apiHandler<Context>(async (request, { params }) => {
  const { poolId } = await params;
  readQuery(request, z.object({}).strict());
  const pool = await requirePool(poolId);
  const { items } = await poolEpochs(pool.id);
  return csvResponse(poolBalanceCsv(items), `pool-${pool.id}-balance-per-epoch.csv`);
});
