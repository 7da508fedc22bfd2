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
 * from the indexer; 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) =>
  lenderLossesPage(readQuery(request, TransactionsQuery)),
);
