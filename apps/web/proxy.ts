import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/config/server";
import { isHttpsRequest } from "@/server/http/client";
import { isCacheablePageRequest, pageCache } from "@/server/http/page-cache";
import { contentSecurityPolicy, HSTS, newNonce } from "@/server/http/security-headers";

const dev = process.env.NODE_ENV !== "production";

/**
 * Every page gets a Content Security Policy with a fresh script nonce (Next reads it from the
 * request's header and puts it on its scripts) and the configured connect-src; every page response to an https request (the
 * socket, or a trusted proxy's X-Forwarded-Proto) gets HSTS.
 *
 * In production, `/` and /lending are served from the page cache (server/http/page-cache.ts):
 * rendered once a second through this server with a placeholder nonce, sent with the request's
 * own nonce.
 */
export async function proxy(request: NextRequest) {
  const config = serverConfig();
  const cache = dev ? null : pageCache();
  // the cache's own render request carries the placeholder nonce it will replace
  const nonce = cache?.renderNonce(request.headers) ?? newNonce();
  const csp = contentSecurityPolicy(nonce, dev, {
    publicRpcUrl: config.publicRpcUrl,
    walletConnect: Boolean(config.walletConnectProjectId),
    connectOrigins: config.connectOrigins,
  });
  const { pathname, search } = request.nextUrl;
  if (
    cache &&
    isCacheablePageRequest({ method: request.method, pathname, search, headers: request.headers })
  ) {
    const html = await cache.get(pathname, nonce);
    if (html !== null) {
      const response = new NextResponse(html, {
        status: 200,
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
          vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch",
          "content-security-policy": csp,
        },
      });
      if (isHttpsRequest(request)) response.headers.set("strict-transport-security", HSTS);
      return response;
    }
  }
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  if (isHttpsRequest(request)) response.headers.set("strict-transport-security", HSTS);
  return response;
}

export const config = {
  // Pages only: not the build's static files, and not /api, because Next waits for the whole
  // request body before it runs the proxy on a POST, which would let a slow body bypass the
  // API's 10 s read timeout. API responses get HSTS from the API handler instead.
  matcher: ["/((?!api/|_next/static|_next/image).*)"],
};
