import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPrivateIndexer, isLoopback, privateIndexerRequest } from "./private";

/** A server made as Ponder makes its own (http.createServer after the API loaded), CORS on. */
let server: http.Server;
let base: string;
let seen = 0;

beforeAll(async () => {
  installPrivateIndexer();
  server = http.createServer((_req, res) => {
    seen++;
    // what Ponder's hono/cors middleware answers on every route
    res.setHeader("access-control-allow-origin", "*");
    res.writeHead(200, { "content-type": "text/plain", "Access-Control-Max-Age": "86400" });
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("the indexer is private: only the web server reads it", () => {
  it("another site's page cannot read it: no CORS header on any answer", async () => {
    const res = await fetch(`${base}/status`, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect([...res.headers.keys()].filter((k) => k.startsWith("access-control-"))).toEqual([]);
  });

  it("refuses a CORS preflight and every method but GET and HEAD, without reaching Ponder", async () => {
    const before = seen;
    for (const method of ["OPTIONS", "POST", "PUT", "DELETE", "PATCH"]) {
      const res = await fetch(`${base}/transactions`, {
        method,
        headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("access-control-allow-origin"), method).toBeNull();
      expect(await res.json()).toMatchObject({ statusCode: 405 });
    }
    const trace = await new Promise<number>((resolve, reject) =>
      http
        .request(`${base}/status`, { method: "TRACE" }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on("error", reject)
        .end(),
    );
    expect(trace).toBe(405);
    expect(seen).toBe(before);
  });

  it("serves /metrics to the loopback only, whatever address it listens on", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    for (const [remoteAddress, path, answered] of [
      ["10.0.0.7", "/metrics", true],
      ["10.0.0.7", "/metrics/", true],
      ["10.0.0.7", "//METRICS?x=1", true],
      ["::1", "/metrics", false],
      ["10.0.0.7", "/status", false],
    ] as const) {
      let status = 0;
      const response = {
        getHeaderNames: () => [],
        writeHead: (s: number) => (status = s),
        end: () => {},
      } as unknown as http.ServerResponse;
      const request = {
        method: "GET",
        url: path,
        socket: { remoteAddress },
        resume: () => {},
      } as unknown as http.IncomingMessage;
      expect(privateIndexerRequest(request, response), `${remoteAddress} ${path}`).toBe(answered);
      if (answered) expect(status).toBe(404);
    }
  });
});
