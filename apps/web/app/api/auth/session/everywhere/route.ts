import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { HttpError } from "@/server/http/errors";
import { apiHandler, clientIp } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { signOutEverywhere } from "@/server/services/accounts";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, clearedSessionCookie, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

/**
 * POST /api/auth/session/everywhere: signs out on every device. Ends every session of the
 * signed-in account (email or Google) or wallet (Sign-In with Ethereum), this one included, and
 * clears the cookie. Answers {session: null, ended}. 401 without a live session.
 */
export const POST = apiHandler(async (request) => {
  const site = siteOf(request, serverConfig());
  assertSameOrigin(request, site);
  // no body is needed; a form's body (a cross-site post) is refused like on every write
  const type = request.headers.get("content-type");
  if (type && !/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const ended = await signOutEverywhere(db, request, site);
  return Response.json(
    { session: null, ended },
    { headers: { "cache-control": "no-store", "set-cookie": clearedSessionCookie(site) } },
  );
});
