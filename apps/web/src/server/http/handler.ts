import type { z } from "zod";
import { database } from "../context";
import { enforceRateLimit, GET_RATE_LIMIT } from "../services/rate-limit";
import { badRequest, HttpError } from "./errors";

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 32 * 1024;

export type ErrorBody = { statusCode: number; message: string } & Record<string, unknown>;

export function jsonError(
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const body: ErrorBody = { ...extra, statusCode, message };
  return Response.json(body, { status: statusCode, headers: { "cache-control": "no-store" } });
}

/** Logs a genuine server fault; the client only sees a generic 500. */
function logServerFault(request: Request, error: unknown) {
  const { pathname } = new URL(request.url);
  console.error(`[api] ${request.method} ${pathname} failed:`, error);
}

/**
 * Wraps a route handler: every failure becomes JSON `{statusCode, message}`. An {@link HttpError}
 * keeps its status (4xx for bad input); anything else is a server fault: logged, 500. Every GET
 * counts against {@link GET_RATE_LIMIT} per client IP first (429 past it).
 */
export function apiHandler<C = unknown>(
  handle: (request: Request, context: C) => Promise<Response | unknown>,
): (request: Request, context: C) => Promise<Response> {
  return async (request, context) => {
    try {
      if (request.method === "GET") {
        await enforceRateLimit(await database(), [`get:ip:${clientIp(request)}`], GET_RATE_LIMIT);
      }
      const result = await handle(request, context);
      if (result instanceof Response) return result;
      return Response.json(result, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      if (error instanceof HttpError)
        return jsonError(error.statusCode, error.message, error.extra);
      logServerFault(request, error);
      return jsonError(500, "Internal server error");
    }
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

/**
 * Reads a JSON body: 415 unless JSON, 413 above {@link MAX_BODY_BYTES} (checked while streaming,
 * not only from Content-Length), 400 on a syntax error or a schema mismatch.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim()) && type !== "") {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes)
    throw new HttpError(413, `Request body is larger than ${maxBytes} bytes`);
  const text = await readLimitedText(request, maxBytes);
  if (text.trim() === "") throw badRequest("Request body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
  return parseWith(schema, value);
}

async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, `Request body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
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
    record[key] = value;
  }
  return parseWith(schema, record);
}

/**
 * The client IP for rate limits: the last X-Forwarded-For hop, which is what the proxy in front
 * appended (the earlier hops come from the client and can be forged). Without a proxy Next sets
 * the header from the socket only when the client did not send one, so deployments should sit
 * behind a proxy that appends it; the per-address limits hold either way.
 */
export function clientIp(request: Request): string {
  const hops = request.headers.get("x-forwarded-for")?.split(",") ?? [];
  const last = hops[hops.length - 1]?.trim();
  return last || request.headers.get("x-real-ip")?.trim() || "local";
}
