import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { TransactionsQuery, transactionsPage } from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/transactions?user=0x..&page=1&pageSize=10: a page of the lender's indexed history
 * (HistoryPage, newest request first). Public on-chain data; 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) =>
  transactionsPage(readQuery(request, TransactionsQuery)),
);
