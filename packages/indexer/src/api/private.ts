/**
 * The indexer is private: only the web server reads it (server to server, never a browser), so
 * it listens on the loopback by default (INDEXER_HOST, scripts/src/lib/indexer.ts) and, in front
 * of Ponder's own server, this guard
 *   - drops the `Access-Control-Allow-Origin: *` (and every other CORS header) Ponder adds to
 *     every answer: no other site's page may read it;
 *   - answers OPTIONS (Ponder's CORS preflight) and TRACE 405, GET and HEAD being all it serves;
 *   - serves `/metrics` (Ponder's Prometheus counters) to the loopback only: 404 to anyone else,
 *     even when INDEXER_HOST opens the API to a network.
 * Ponder 0.16 has no option for any of it and its built-in routes (/metrics, /status) run before
 * the API's Hono middleware, so the guard wraps the Node server itself: Ponder creates it with
 * `http.createServer` after it has loaded this API, and every `request` goes through
 * {@link privateIndexerRequest} first.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Whether the peer is this machine. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.has(address);
}

function refuse(response: ServerResponse, statusCode: number, message: string) {
  const body = JSON.stringify({ statusCode, message });
  response.writeHead(statusCode, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...(statusCode === 405 ? { allow: "GET, HEAD" } : {}),
  });
  response.end(body);
}

const isCors = (name: string) => /^access-control-/i.test(name);

/** Removes every CORS header from what `response` sends, whoever sets it. */
function withoutCors(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  (response as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
    for (const name of response.getHeaderNames()) if (isCors(name)) response.removeHeader(name);
    const headers = args.find((a, i) => i > 0 && a && typeof a === "object");
    if (Array.isArray(headers)) {
      // [[name, value], ...] or a flat [name, value, name, value, ...]
      const flat = headers.length > 0 && !Array.isArray(headers[0]);
      if (flat) {
        for (let i = headers.length - 2; i >= 0; i -= 2) {
          if (isCors(String(headers[i]))) headers.splice(i, 2);
        }
      } else {
        for (let i = headers.length - 1; i >= 0; i--) {
          if (isCors(String((headers[i] as unknown[])[0]))) headers.splice(i, 1);
        }
      }
    } else if (headers) {
      for (const name of Object.keys(headers)) {
        if (isCors(name)) delete (headers as Record<string, unknown>)[name];
      }
    }
    return writeHead(...args);
  };
}

/**
 * Handles what the indexer refuses; returns true when it answered. Otherwise strips the CORS
 * headers from the answer to come and lets the request through.
 */
export function privateIndexerRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const method = (request.method ?? "").toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    refuse(response, 405, `Method ${method} is not allowed: the indexer serves GET and HEAD`);
    request.resume();
    return true;
  }
  const path = (request.url ?? "/").split("?")[0]!.replace(/\/+$/, "");
  if (/^\/*metrics$/i.test(path) && !isLoopback(request.socket.remoteAddress)) {
    refuse(response, 404, "Not found");
    return true;
  }
  withoutCors(response);
  return false;
}

/** Wraps a request listener with {@link privateIndexerRequest}. */
export function privateListener(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (privateIndexerRequest(request, response)) return;
    listener(request, response);
  };
}

type CreateServer = typeof http.createServer;
const PATCHED = Symbol.for("lending.indexer.private");

/** Makes every later `http.createServer` (Ponder's) put {@link privateListener} in front. */
export function installPrivateIndexer(): void {
  const current = http.createServer as CreateServer & { [PATCHED]?: true };
  if (current[PATCHED]) return;
  const original = current;
  const patched = ((...args: unknown[]) => {
    const i = args.findIndex((a) => typeof a === "function");
    if (i >= 0) args[i] = privateListener(args[i] as RequestListener);
    const server = (original as (...a: unknown[]) => http.Server)(...args);
    if (i < 0) {
      // a listener added later with server.on("request", ...)
      const on = server.on.bind(server) as (e: string, l: (...a: unknown[]) => void) => http.Server;
      server.on = ((event: string, l: (...a: unknown[]) => void) =>
        on(
          event,
          event === "request" ? (privateListener(l as RequestListener) as never) : l,
        )) as never;
    }
    return server;
  }) as CreateServer & { [PATCHED]?: true };
  patched[PATCHED] = true;
  http.createServer = patched;
}
