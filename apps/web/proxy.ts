import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/config/server";
import { isHttpsRequest } from "@/server/http/client";
import { contentSecurityPolicy, HSTS, newNonce } from "@/server/http/security-headers";

const dev = process.env.NODE_ENV !== "production";

/**
 * Every page gets a Content Security Policy with a fresh script nonce (Next reads it from the
 * request's header and puts it on its scripts) and the configured connect-src; every page response to an https request (the
 * socket, or a trusted proxy's X-Forwarded-Proto) gets HSTS.
 */
export function proxy(request: NextRequest) {
  const config = serverConfig();
  const csp = contentSecurityPolicy(newNonce(), dev, {
    publicRpcUrl: config.publicRpcUrl,
    walletConnect: Boolean(config.walletConnectProjectId),
    connectOrigins: config.connectOrigins,
  });
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
