import { NextResponse, type NextRequest } from "next/server";
import { isHttpsRequest } from "@/server/http/client";
import { contentSecurityPolicy, HSTS, newNonce } from "@/server/http/security-headers";

const dev = process.env.NODE_ENV !== "production";

/**
 * Every page gets a Content Security Policy with a fresh script nonce (Next reads it from the
 * request's header and puts it on its scripts and the inlined stylesheet); every response to an
 * https request (the socket, or a trusted proxy's X-Forwarded-Proto) gets HSTS.
 */
export function proxy(request: NextRequest) {
  const https = isHttpsRequest(request);
  let response: NextResponse;
  if (request.nextUrl.pathname.startsWith("/api/")) {
    response = NextResponse.next();
  } else {
    const csp = contentSecurityPolicy(newNonce(), dev);
    const headers = new Headers(request.headers);
    headers.set("content-security-policy", csp);
    response = NextResponse.next({ request: { headers } });
    response.headers.set("content-security-policy", csp);
  }
  if (https) response.headers.set("strict-transport-security", HSTS);
  return response;
}

export const config = {
  // not the build's static files (immutable, no HTML)
  matcher: ["/((?!_next/static|_next/image).*)"],
};
