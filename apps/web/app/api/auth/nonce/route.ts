import { database } from "@/server/context";
import { apiHandler, clientIp } from "@/server/http/handler";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { issueNonce } from "@/server/services/siwe";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/** GET /api/auth/nonce: a single-use nonce for a Sign-In with Ethereum message, 5 minutes valid. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return issueNonce(db);
});
