import { isIP } from "node:net";
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

/** What {@link clientIp} reads: a Request's headers, or those of `headers()` in a server action. */
export type HeaderSource = { get(name: string): string | null };

/**
 * The client IP for rate limits. With `TRUST_PROXY=n` (n proxies in front, each appending to
 * X-Forwarded-For), the entry the outermost trusted proxy appended: the n-th from the end (the
 * entries before it come from the client and can be forged). Without a trusted proxy, forwarded
 * headers are ignored and the socket address is used; when it is unknown (a handler called
 * outside the server), every such request shares one bucket. The address is then bucketed by
 * {@link rateLimitAddress} (an IPv6 client counts per /64).
 */
export function clientIp(request: Request, trustProxy: number = serverConfig().trustProxy): string {
  return clientIpFromHeaders(request.headers, trustProxy);
}

/** {@link clientIp} from headers alone (a server action reads them with `headers()`). */
export function clientIpFromHeaders(
  headers: HeaderSource,
  trustProxy: number = serverConfig().trustProxy,
): string {
  if (trustProxy > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    return rateLimitAddress(hops[Math.max(0, hops.length - trustProxy)]);
  }
  return rateLimitAddress(headers.get(PEER_ADDRESS_HEADER));
}

/**
 * The rate-limit bucket of an address: an IPv4 address as is (an IPv4-mapped IPv6 address
 * `::ffff:1.2.3.4` too, as `1.2.3.4`), an IPv6 address as its /64 prefix (`2001:db8:0:0::/64`:
 * one subscriber usually holds a whole /64, so rotating inside it gains nothing), anything else
 * (a missing or malformed value) as is, or {@link UNIDENTIFIED_CLIENT} when empty.
 */
export function rateLimitAddress(raw: string | null | undefined): string {
  let address = raw?.trim() ?? "";
  if (!address) return UNIDENTIFIED_CLIENT;
  if (address.startsWith("[") && address.includes("]")) {
    address = address.slice(1, address.indexOf("]"));
  }
  address = address.replace(/%.*$/, ""); // an IPv6 zone id
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a `::` and an IPv4 tail expanded). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<number>(missing).fill(0), ...right];
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
