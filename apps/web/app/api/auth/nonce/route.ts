import { database } from "@/server/context";
import { apiHandler, clientIp } from "@/server/http/handler";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { issueNonce } from "@/server/services/siwe";

export const dynamic = "force-dynamic";

/** GET /api/auth/nonce: a single-use nonce for a Sign-In with Ethereum message, 5 minutes valid. */
export const GET = apiHandler(async (request) => {
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return issueNonce(db);
});
