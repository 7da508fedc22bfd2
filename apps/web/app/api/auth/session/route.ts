import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp } from "@/server/http/handler";
import { enforceRateLimit } from "@/server/services/rate-limit";
import {
  assertSameOrigin,
  clearedSessionCookie,
  currentSession,
  sessionToken,
  signOut,
  siteOf,
} from "@/server/services/sessions";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, OPTIONS } = notAllowed("GET", "DELETE");

/**
 * GET /api/auth/session: who am I. `{session: {kind, address, chainId, createdAt, idleExpiresAt,
 * expiresAt}}`, or `{session: null}` (and the stale cookie cleared) when not signed in.
 */
export const GET = apiHandler(async (request) => {
  const site = siteOf(request, serverConfig());
  const session = await currentSession(await database(), request, site);
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (!session && sessionToken(request, site)) headers["set-cookie"] = clearedSessionCookie(site);
  return Response.json({ session: session ?? null }, { headers });
});

/** DELETE /api/auth/session: signs out (the session ends on the server, the cookie is cleared). */
export const DELETE = apiHandler(async (request) => {
  const site = siteOf(request, serverConfig());
  assertSameOrigin(request, site);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  await signOut(db, request, site);
  return Response.json(
    { session: null },
    { headers: { "cache-control": "no-store", "set-cookie": clearedSessionCookie(site) } },
  );
});
