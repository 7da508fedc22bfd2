// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installFrontDoor } from "./front-door";

/** Sends `method` with the raw Node client (fetch refuses TRACE itself). */
function send(url: string, method: string, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const req = http.request(url, { method }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

describe("the front door: methods Next cannot handle never reach it", () => {
  let server: http.Server;
  let url: string;
  const reached: string[] = [];

  beforeAll(async () => {
    installFrontDoor();
    // stands for Next's handler, which throws on TRACE ("'TRACE' HTTP method is unsupported")
    server = http.createServer((req, res) => {
      reached.push(req.method ?? "");
      const request = new Request(`http://localhost${req.url}`, { method: req.method });
      res.end(request.method);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("TRACE on any path is a 405 JSON with Allow, no stack, nothing logged", async () => {
    const error = vi.spyOn(console, "error");
    try {
      for (const path of ["/", "/lending", "/api/health", "/api/dev/fund", "/no/such/page"]) {
        for (const method of ["TRACE"]) {
          const r = await send(`${url}${path}`, method, "a body it sent along");
          expect(r.status, `${method} ${path}`).toBe(405);
          expect(r.headers.allow).toContain("GET");
          expect(JSON.parse(r.text)).toEqual({
            statusCode: 405,
            message: expect.stringMatching(/^Method TRACE is not allowed/),
          });
          expect(r.text).not.toMatch(/\bat\s|TypeError/);
        }
      }
      expect(reached).toEqual([]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it("every other method still reaches the app", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect((await send(url, method)).text).toBe(method);
    }
    expect(reached).toEqual(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
  });
});
