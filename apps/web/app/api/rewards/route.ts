import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { TransactionsQuery, rewardsPage } from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/rewards?user=0x..&page=1&pageSize=10: a page of the user's rewards (fee shares and
 * bonus claimed, launch bonuses, referral rewards paid), newest first, with their totals
 * (RewardsPage). Public on-chain data from the indexer; 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) =>
  rewardsPage(readQuery(request, TransactionsQuery)),
);
