import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { poolNotices } from "@/server/services/losses";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/pool-notices: every pool with an open incident or a reported loss ({ items:
 * PoolNotice[] }). Public on-chain data from the indexer; 503 JSON when the indexer is down. The
 * newest loss carries the pool manager's reason recorded with its report (pool-level, public).
 */
export const GET = apiHandler(async () =>
  poolNotices(await database().catch(() => undefined), serverConfig().chainId),
);
