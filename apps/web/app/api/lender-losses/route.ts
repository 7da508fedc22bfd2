import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { lenderLossesPage } from "@/server/services/losses";
import { TransactionsQuery } from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/lender-losses?user=0x..&page=1&pageSize=10: the losses that changed the user's
 * positions, newest first ({ items: HistoryLoss[], page, pageSize, total }). Public on-chain data
 * from the indexer, each loss with the pool manager's reason recorded with its report (pool-level,
 * public); 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, TransactionsQuery);
  return lenderLossesPage(await database().catch(() => undefined), serverConfig().chainId, q);
});
