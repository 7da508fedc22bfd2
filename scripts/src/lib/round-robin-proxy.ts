/**
 * A small round-robin HTTP load balancer (node:http), as a production deployment puts in front of
 * its web replicas: each request goes to the next upstream; an upstream that refuses the
 * connection (a replica that died) is skipped for a few seconds and the request goes to the next
 * one, so a lost replica costs no request. The client's address is appended to X-Forwarded-For
 * (the web servers run with TRUST_PROXY=1) and X-Forwarded-Proto is set.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "./net";

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** How many requests each upstream answered (by upstream URL). */
  served: () => Record<string, number>;
  close: () => Promise<void>;
};

/** How long an upstream that refused a connection is left out. */
const DOWN_MS = 5_000;
/** The upstream took no connection: nothing reached it, any request can go to another one. */
const REFUSED = new Set(["ECONNREFUSED", "EHOSTUNREACH"]);
/** The connection broke before an answer: only a request that changes nothing is sent again. */
const BROKEN = new Set(["ECONNRESET", "EPIPE"]);

export async function startRoundRobinProxy(opts: {
  upstreams: string[];
  port: number;
  host?: string;
}): Promise<RoundRobinProxy> {
  const upstreams = opts.upstreams.map((u) => new URL(u));
  const downUntil = new Map<string, number>();
  const served: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.origin, 0]));
  let next = 0;

  /** The upstreams in the order to try for one request: round robin, live ones first. */
  const order = (): URL[] => {
    const start = next++ % upstreams.length;
    const rotated = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const now = Date.now();
    const live = rotated.filter((u) => (downUntil.get(u.origin) ?? 0) <= now);
    return [...live, ...rotated.filter((u) => !live.includes(u))];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const candidates = order();
      const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
        .filter(Boolean)
        .join(", ");
      const attempt = (i: number) => {
        const target = candidates[i];
        if (!target) {
          res.writeHead(502, { "content-type": "application/json" });
          res.end(JSON.stringify({ statusCode: 502, message: "No web server answered" }));
          return;
        }
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            // a new connection per request: none is left pooled to a replica that died
            agent: false,
            headers: {
              ...req.headers,
              "x-forwarded-for": forwardedFor,
              "x-forwarded-proto": "http",
              "content-length": String(body.length),
            },
          },
          (answer) => {
            served[target.origin] = (served[target.origin] ?? 0) + 1;
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          const code = error.code ?? "";
          const idempotent = req.method === "GET" || req.method === "HEAD";
          if (!res.headersSent && (REFUSED.has(code) || (idempotent && BROKEN.has(code)))) {
            downUntil.set(target.origin, Date.now() + DOWN_MS);
            attempt(i + 1);
            return;
          }
          res.destroy(error);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  const host = opts.host ?? LOOPBACK;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === LOOPBACK ? "localhost" : host}:${port}`,
    port,
    served: () => ({ ...served }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
