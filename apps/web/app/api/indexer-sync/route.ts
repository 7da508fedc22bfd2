import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { indexerSync } from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/indexer-sync: how far the indexer is behind the chain (IndexerSync: its newest
 * indexed block and the chain's head, with their times). 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async () => indexerSync());
