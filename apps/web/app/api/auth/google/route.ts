import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import {
  oauthStateCookie,
  requireGoogle,
  safeReturnTo,
  startGoogleSignIn,
} from "@/server/services/google-oidc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/auth/google?returnTo=/path: starts Google sign-in (OpenID Connect, code + PKCE) and
 * redirects to Google; the flow's state goes to an http-only cookie of this browser. 404 when
 * Google sign-in is not configured.
 */
export const GET = apiHandler(async (request) => {
  const config = serverConfig();
  const google = requireGoogle(config);
  const site = siteOf(request, config);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const { url, state } = await startGoogleSignIn(db, google, site, { returnTo });
  return new Response(null, {
    status: 302,
    headers: {
      location: url.href,
      "cache-control": "no-store",
      "set-cookie": oauthStateCookie(site, state),
    },
  });
});
