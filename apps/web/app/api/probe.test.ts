// @vitest-environment node
/**
 * The probe of every /api route (issue 24): the route files under app/api are found on disk, so a
 * new route is probed without being listed here. Each exported method (GET, HEAD, POST, PUT,
 * PATCH, DELETE, OPTIONS; a method a route does not export is Next's own 405) gets bad input:
 * every query parameter and body field the route names, set to wrong types, huge, unicode, NUL,
 * overflowing numbers; bodies that are not JSON, too large, empty or of another Content-Type.
 * Not one answer may be a 5xx, and every refusal is JSON {statusCode, message}. TRACE never
 * reaches a route: the front door answers it 405 (src/server/http/front-door.test.ts; the
 * production server in e2e/server.spec.ts). Chain state is restored afterwards (the dev routes);
 * the indexer is a stub answering empty pages (a route that reached it did not refuse the input).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createTestClient, http } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { setupApiTestDatabase } from "@/server/test/harness";

const api = path.resolve(__dirname);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every route file under app/api, as [url path, file]. */
function routeFiles(): [string, string][] {
  return readdirSync(api, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "route.ts")
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      const dir = path.relative(api, e.parentPath).split(path.sep).join("/");
      return [`/api/${dir}`.replace(/\/$/, ""), file] as [string, string];
    })
    .sort();
}

/** Names the route reads: its zod object keys and searchParams.get("..."), plus common ones. */
function fieldNames(source: string): string[] {
  const names = new Set(["user", "address", "page", "pageSize", "email", "amount"]);
  for (const m of source.matchAll(/\b([a-zA-Z_][a-zA-Z0-9_]{0,30})\s*:\s*(z\.|[A-Z][A-Za-z]+\b)/g))
    names.add(m[1]!);
  for (const m of source.matchAll(/\.get\("([^"]{1,40})"\)/g)) names.add(m[1]!);
  return [...names].filter((n) => !/^(error|message|status|headers|params)$/.test(n)).slice(0, 24);
}

/** Bad values, as JSON text (so numbers may overflow every JS and SQL type). */
const BAD_JSON = [
  "null",
  "true",
  "-1",
  "0.5",
  "1e400",
  "-1e400",
  "123456789012345678901234567890123456789012345678901234567890",
  "[]",
  '{"$gt":""}',
  '"0x"',
  `"0x${"g".repeat(40)}"`,
  `"${"9".repeat(80)}"`,
  '"😀𝕏\\u202e\\ud800"',
  '"a\\u0000b"',
  `"${"x".repeat(20_000)}"`,
  `[${"[".repeat(40)}${"]".repeat(40)}]`,
];

/** Bad query values (URL-encoded). */
const BAD_QUERY = [
  "",
  "-1",
  "1e400",
  "99999999999999999999999999999999",
  "NaN",
  "0x",
  `0x${"g".repeat(40)}`,
  encodeURIComponent("😀𝕏\u202e"),
  "%00",
  "%ZZ",
  "x".repeat(8_000),
  "a&{n}=b",
];

/** Raw bodies and Content-Types that are not a JSON object. */
const BAD_BODIES: [string, string | undefined][] = [
  ["", "application/json"],
  ["{", "application/json"],
  ["not json", "application/json"],
  ['{"a":1}', "text/plain"],
  ["a=1&b=2", "application/x-www-form-urlencoded"],
  ['{"a":1}', undefined],
  [JSON.stringify({ pad: "x".repeat(200_000) }), "application/json"],
  ["\ufeff{}", "application/json; charset=utf-16"],
];

type Handler = (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;

describe("probe: every /api route, every method, bad input: never a 5xx", () => {
  setupApiTestDatabase();
  const chain = createTestClient({
    mode: "anvil",
    chain: foundry,
    transport: http(inject("anvil").rpcUrl),
  });
  let snapshot: `0x${string}`;
  let ip = 0;
  let indexer: Server;
  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    snapshot = await chain.snapshot();
    indexer = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({ items: [], page: 1, pageSize: 10, total: 0, hasMore: false, totals: {} }),
      );
    });
    await new Promise<void>((r) => indexer.listen(0, "127.0.0.1", r));
    process.env.INDEXER_URL = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.TRUST_PROXY;
    delete process.env.INDEXER_URL;
    await new Promise((r) => indexer.close(r));
    await chain.revert({ id: snapshot });
  });

  const routes = routeFiles();

  it("finds the route files on disk", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.map(([p]) => p)).toEqual(
      expect.arrayContaining(["/api/health", "/api/auth/siwe", "/api/dev/[action]"]),
    );
  });

  it.each(routes)(
    "%s",
    async (route, file) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const mod = (await import(/* @vite-ignore */ file)) as Partial<Record<string, Handler>>;
      const names = fieldNames(readFileSync(file, "utf8"));
      // dynamic segments: a known value and bad ones
      const segments = [...route.matchAll(/\[\[?\.{0,3}([^\]]+)\]\]?/g)].map((m) => m[1]!);
      const paramSets: Record<string, unknown>[] = [{}];
      for (const value of ["fund", "clearing", "😀", "x".repeat(300), "%00"]) {
        const p: Record<string, unknown> = {};
        for (const s of segments) p[s] = route.includes("...") ? [value] : value;
        paramSets.push(p);
      }
      const urlPath = route.replace(/\/\[\[?\.{0,3}[^\]]+\]\]?/g, "/x");
      const failures: string[] = [];
      let calls = 0;
      const send = async (method: string, query: string, body?: [string, string | undefined]) => {
        for (const params of segments.length ? paramSets : [{}]) {
          const handler = mod[method];
          if (!handler) continue;
          const headers: Record<string, string> = {
            "x-forwarded-for": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          };
          ip++;
          if (body?.[1]) headers["content-type"] = body[1];
          const request = new Request(`http://localhost:3000${urlPath}${query}`, {
            method,
            headers,
            ...(body && method !== "GET" && method !== "HEAD" ? { body: body[0] } : {}),
          });
          calls++;
          const response = await handler(request, { params: Promise.resolve(params) });
          const what = `${method} ${urlPath}${query.slice(0, 60)} ${body ? body[0].slice(0, 60) : ""}`;
          if (response.status >= 500) {
            failures.push(`${response.status} ${what}: ${(await response.text()).slice(0, 200)}`);
          } else if (response.status >= 400 && method !== "HEAD") {
            const json = (await response.json().catch(() => null)) as Record<
              string,
              unknown
            > | null;
            if (json?.statusCode !== response.status || typeof json.message !== "string") {
              failures.push(`${response.status} without a JSON error: ${what}`);
            }
          } else {
            await response.body?.cancel();
          }
        }
      };
      for (const method of METHODS) {
        if (!mod[method]) continue;
        await send(method, "");
        for (const name of names) {
          for (const value of BAD_QUERY) {
            await send(method, `?${name}=${value.replace("{n}", name)}`);
          }
        }
        if (!WITH_BODY.has(method)) continue;
        for (const raw of BAD_BODIES) await send(method, "", raw);
        for (const name of names) {
          for (const value of BAD_JSON) {
            await send(method, "", [`{"${name}":${value}}`, "application/json"]);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(calls).toBeGreaterThan(0);
    },
    300_000,
  );
});
