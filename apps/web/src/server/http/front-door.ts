import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Methods the Fetch API cannot represent (`new Request(url, {method: "TRACE"})` throws), so
 * Next, which turns every request into a Fetch `Request`, fails on them with a logged stack and
 * a 500 on any path. Nothing here serves them. (TRACK never gets this far: Node's parser answers
 * an unknown method 400 itself; CONNECT is Node's `connect` event, which nothing listens to.)
 */
export const UNSERVED_METHODS = new Set(["TRACE"]);

/** What the site serves, for the `Allow` header of a refusal. */
export const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * Answers a request Next must never see: 405 JSON `{statusCode, message}` with `Allow`, no log,
 * no database, no stack. Returns whether it answered.
 */
export function refuseUnservedMethod(request: IncomingMessage, response: ServerResponse): boolean {
  const method = (request.method ?? "").toUpperCase();
  if (!UNSERVED_METHODS.has(method)) return false;
  const body = JSON.stringify({
    statusCode: 405,
    message: `Method ${method} is not allowed: use one of ${ALLOWED_METHODS}`,
  });
  response.writeHead(405, {
    allow: ALLOWED_METHODS,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    connection: "close",
  });
  response.end(body);
  request.resume(); // discard any body it sent
  return true;
}

const guarded = new WeakSet<Server>();

/**
 * Puts {@link refuseUnservedMethod} in front of every `request` listener of `server` (Next's own
 * handler among them), once per server.
 */
export function guardServer(server: Server): void {
  if (guarded.has(server)) return;
  guarded.add(server);
  const listeners = server.listeners("request") as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (refuseUnservedMethod(request, response)) return;
    for (const listener of listeners) listener.call(server, request, response);
  });
}

let installed = false;

/**
 * Guards every Node HTTP server of this process ({@link guardServer}). `next start` gives no hook
 * before its request handler; the diagnostics channel `http.server.request.start` is published
 * before the server emits `request`, so the first request already meets the guard. Installed
 * once, from instrumentation.ts.
 */
export function installFrontDoor(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const { server } = message as { server?: Server };
    if (server) guardServer(server);
  });
}
