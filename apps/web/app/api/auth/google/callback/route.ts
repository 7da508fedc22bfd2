import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { accountForGoogle, openAccountSession } from "@/server/services/accounts";
import {
  clearedOauthStateCookie,
  finishGoogleSignIn,
  googleErrorCode,
  oauthStateOf,
  requireGoogle,
} from "@/server/services/google-oidc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { sessionCookie, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/auth/google/callback: Google redirects here. A valid answer opens an account session
 * and redirects to the page the sign-in started from with `?signin=google`; a failure redirects
 * to /lending with `?signinError=` and a code (state, expired, unavailable, failed) the page
 * turns into catalog text. Either way the flow's cookie is cleared.
 */
export const GET = apiHandler(async (request) => {
  const config = serverConfig();
  const google = requireGoogle(config);
  const site = siteOf(request, config);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", clearedOauthStateCookie(site));
  let location: URL;
  try {
    const { identity, returnTo } = await finishGoogleSignIn(db, google, site, {
      callbackUrl: new URL(request.url),
      cookieState: oauthStateOf(request, site),
    });
    const accountId = await accountForGoogle(db, identity);
    const { token } = await openAccountSession(db, request, site, {
      accountId,
      kind: "google",
      chainId: config.chainId,
    });
    headers.append("set-cookie", sessionCookie(site, token));
    location = new URL(returnTo, site.origin);
    location.searchParams.set("signin", "google");
  } catch (error) {
    // the page shows a catalog text for the code, never text from the URL
    location = new URL("/lending", site.origin);
    location.searchParams.set("signinError", googleErrorCode(error));
  }
  headers.set("location", location.href);
  return new Response(null, { status: 303, headers });
});
