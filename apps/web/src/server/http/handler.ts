import type { z } from "zod";
import { serverConfig, type ServerConfig } from "@/config/server";
import { database } from "../context";
import { enforceRateLimit, readRateLimit } from "../services/rate-limit";
import { clientIp, isHttpsRequest } from "./client";
import { isDatabaseUnavailable } from "../db/client";
import { badRequest, HttpError, tooManyRequests, upstreamFailure, UpstreamError } from "./errors";
import { HSTS } from "./security-headers";

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 32 * 1024;

export type ErrorBody = { statusCode: number; message: string } & Record<string, unknown>;

export function jsonError(
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body: ErrorBody = { ...extra, statusCode, message };
  return Response.json(body, {
    status: statusCode,
    headers: { ...headers, "cache-control": "no-store" },
  });
}

export const DATABASE_UNAVAILABLE =
  "The database is unavailable right now. Please try again in a moment.";

/** Per-process read counters, used while the database (the shared counters) is unavailable. */
const localReads = new Map<string, { windowStart: number; count: number }>();

/** Forgets the per-process read counters (tests: files that share one process). */
export function clearLocalReadCounters(): void {
  localReads.clear();
}

/**
 * The GET budget per client IP ({@link readRateLimit}), counted in the database so every web
 * server shares it. Reads served from the chain or the indexer must not fail with the database:
 * while it is unavailable the budget is counted in this process instead.
 */
async function enforceReadLimit(
  ip: string,
  config: ServerConfig,
  now: number = Date.now(),
): Promise<void> {
  const key = `get:ip:${ip}`;
  const rule = readRateLimit(config);
  try {
    await enforceRateLimit(await database(config), [key], rule, now);
    return;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  const windowStart = now - (now % rule.windowMs);
  const entry = localReads.get(key);
  const count = entry && entry.windowStart === windowStart ? entry.count + 1 : 1;
  if (localReads.size > 10_000) localReads.clear(); // bounded: a flood of IPs cannot grow it
  localReads.set(key, { windowStart, count });
  if (count > rule.limit) {
    throw tooManyRequests((windowStart + rule.windowMs - now) / 1000);
  }
}

/** Logs a genuine server fault; the client only sees a generic 500. */
function logServerFault(request: Request, error: unknown) {
  const { pathname } = new URL(request.url);
  console.error(`[api] ${request.method} ${pathname} failed:`, error);
}

/**
 * Wraps a route handler: every failure becomes JSON `{statusCode, message}`. An {@link HttpError}
 * keeps its status (4xx for bad input) and headers, an {@link UpstreamError} (a dependency is down)
 * is a 503, so is a database that is down or stalled (within the pool's connect and query
 * timeouts); anything else is a server fault: logged, 500.
 * Every GET and HEAD (Next answers HEAD with the GET handler) counts against
 * {@link readRateLimit} per client IP first, in one budget (429 past it). Responses
 * to https requests carry HSTS (the proxy, which adds it to pages, skips /api).
 */
export function apiHandler<C = unknown>(
  handle: (request: Request, context: C) => Promise<Response | unknown>,
): (request: Request, context: C) => Promise<Response> {
  return async (request, context) => {
    // read once for the wrapper's own uses (outside production each read checks the env)
    let config: ServerConfig | undefined;
    let response: Response;
    try {
      config = serverConfig();
      if (request.method === "GET" || request.method === "HEAD") {
        await enforceReadLimit(clientIp(request, config.trustProxy), config);
      }
      const result = await handle(request, context);
      response =
        result instanceof Response
          ? result
          : Response.json(result, { headers: { "cache-control": "no-store" } });
    } catch (caught) {
      const error =
        caught instanceof UpstreamError
          ? upstreamFailure(caught, `${request.method} ${new URL(request.url).pathname}`)
          : caught;
      if (error instanceof HttpError) {
        response = jsonError(error.statusCode, error.message, error.extra, error.headers);
      } else if (isDatabaseUnavailable(error)) {
        console.error(
          `[api] ${request.method} ${new URL(request.url).pathname}: the database is unavailable: ${(error as Error).message}`,
        );
        response = jsonError(503, DATABASE_UNAVAILABLE, {}, { "retry-after": "5" });
      } else {
        logServerFault(request, error);
        response = jsonError(500, "Internal server error");
      }
    }
    // a configuration that could not be read (a logged 500 above) trusts no proxy
    if (isHttpsRequest(request, config?.trustProxy ?? 0)) {
      response.headers.set("strict-transport-security", HSTS);
    }
    return response;
  };
}

/** The first zod issue as a readable sentence: `payload.poolID: expected string`. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

/** Parses `value` with `schema` or throws a 400 naming the first problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

/** How long a client may take to send its body before the request is answered 408. */
export const BODY_TIMEOUT_MS = 10_000;
/** Deepest accepted nesting of arrays and objects in a JSON body. */
export const MAX_JSON_DEPTH = 16;

export const ABANDONED_BODY_MESSAGE =
  "Request body was not received in full: the client closed the connection";

export const NUL_MESSAGE = "must not contain a NUL character (\\u0000)";

/**
 * Reads a JSON body: 415 unless the Content-Type is JSON (a missing one too: a cross-site form
 * can post without a preflight), 413 above `maxBytes` (checked while streaming, not only from
 * Content-Length), 408 when the body takes longer than `timeoutMs`, 400 on a body the client
 * abandoned (closed the connection before its end), on a syntax error, on
 * nesting deeper than {@link MAX_JSON_DEPTH}, on a NUL character in any string or key, or on a
 * schema mismatch.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = MAX_BODY_BYTES,
  timeoutMs: number = BODY_TIMEOUT_MS,
): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes)
    throw new HttpError(413, `Request body is larger than ${maxBytes} bytes`);
  const text = await readLimitedText(request, maxBytes, timeoutMs);
  if (text.trim() === "") throw badRequest("Request body is empty");
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw badRequest(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
  const nul = findNul(value, []);
  if (nul) throw badRequest(`${nul.length ? `${nul.join(".")}: ` : ""}${NUL_MESSAGE}`);
  return parseWith(schema, value);
}

/**
 * The deepest nesting of `[` and `{` outside strings, counted before parsing so a deep body
 * costs one linear scan (JSON.parse and the database recurse on it).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The path of the first string or key holding a NUL character (Postgres text cannot). */
function findNul(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findNul(v, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes("\u0000")) return [...path, JSON.stringify(k)];
      const found = findNul(v, [...path, k]);
      if (found) return found;
    }
  }
  return undefined;
}

async function readLimitedText(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new HttpError(408, `Request body was not received within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes)
        throw new HttpError(413, `Request body is larger than ${maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    // the stream fails when the client closes the connection before its body is complete:
    // the client's doing, not a server fault (no log, no stack), whoever reads the answer
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, ABANDONED_BODY_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw badRequest("Request body is not valid UTF-8");
  }
}

/** Parses the query string with `schema` (strict: unknown parameters are a 400). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const record: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in record) throw badRequest(`${key}: given more than once`);
    if (key.includes("\u0000") || value.includes("\u0000")) {
      throw badRequest(`${key.replaceAll("\u0000", "")}: ${NUL_MESSAGE}`);
    }
    record[key] = value;
  }
  return parseWith(schema, record);
}

export { clientIp, isHttpsRequest } from "./client";
