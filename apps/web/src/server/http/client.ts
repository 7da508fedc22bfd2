import { serverConfig } from "@/config/server";

/**
 * Request header that instrumentation.ts sets from the TCP socket of every request (any value the
 * client sends under this name is overwritten), because Next 16 route handlers and the proxy do
 * not expose the socket address, and Next fills X-Forwarded-For from the socket only when the
 * client did not send one.
 */
export const PEER_ADDRESS_HEADER = "x-lending-peer-address";
/** Same, "https" when the socket is TLS, else "http". */
export const PEER_PROTO_HEADER = "x-lending-peer-proto";
/** The rate-limit bucket of requests whose address is unknown (no socket address reached us). */
export const UNIDENTIFIED_CLIENT = "unidentified";

/**
 * The client IP for rate limits. With `TRUST_PROXY=n` (n proxies in front, each appending to
 * X-Forwarded-For), the entry the outermost trusted proxy appended: the n-th from the end (the
 * entries before it come from the client and can be forged). Without a trusted proxy, forwarded
 * headers are ignored and the socket address is used; when it is unknown (a handler called
 * outside the server), every such request shares one bucket.
 */
export function clientIp(request: Request, trustProxy: number = serverConfig().trustProxy): string {
  if (trustProxy > 0) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    return hops[Math.max(0, hops.length - trustProxy)] ?? UNIDENTIFIED_CLIENT;
  }
  return request.headers.get(PEER_ADDRESS_HEADER)?.trim() || UNIDENTIFIED_CLIENT;
}

/**
 * Whether the client reached us over https: the trusted proxy's X-Forwarded-Proto (the last
 * value) with `TRUST_PROXY`, else the socket (a plain `next start` on http is never https).
 */
export function isHttpsRequest(
  request: Request,
  trustProxy: number = serverConfig().trustProxy,
): boolean {
  if (trustProxy > 0) {
    const protos = (request.headers.get("x-forwarded-proto") ?? "").split(",");
    return protos[protos.length - 1]?.trim().toLowerCase() === "https";
  }
  return request.headers.get(PEER_PROTO_HEADER) === "https";
}
