import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

type Upstream = { url: string; server: http.Server; seen: { method?: string; xff?: string }[] };

async function upstream(name: string): Promise<Upstream> {
  const seen: Upstream["seen"] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method, xff: req.headers["x-forwarded-for"] as string });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`${name}:${req.method}:${req.url}:${body}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, seen };
}

const close = (s: http.Server) =>
  new Promise<void>((r) => {
    s.closeAllConnections();
    s.close(() => r());
  });

describe("round-robin proxy", () => {
  let proxy: RoundRobinProxy | undefined;
  const servers: http.Server[] = [];
  afterEach(async () => {
    await proxy?.close();
    await Promise.all(servers.splice(0).map((s) => (s.listening ? close(s) : undefined)));
  });

  it("alternates between the replicas and passes the request and the client's address on", async () => {
    const [a, b] = [await upstream("a"), await upstream("b")];
    servers.push(a.server, b.server);
    proxy = await startRoundRobinProxy({ upstreams: [a.url, b.url], port: 0 });
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/api/x?i=${i}`, { method: "POST", body: `n${i}` });
      answers.push(await res.text());
    }
    expect(answers).toEqual([
      "a:POST:/api/x?i=0:n0",
      "b:POST:/api/x?i=1:n1",
      "a:POST:/api/x?i=2:n2",
      "b:POST:/api/x?i=3:n3",
    ]);
    expect(a.seen[0]?.xff).toMatch(/127\.0\.0\.1/);
  });

  it("sends every request to the live replica once one is gone, and 502 JSON when none is left", async () => {
    const [a, b] = [await upstream("a"), await upstream("b")];
    servers.push(a.server, b.server);
    proxy = await startRoundRobinProxy({ upstreams: [a.url, b.url], port: 0 });
    await close(a.server);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/p`, {
        method: i % 2 ? "GET" : "POST",
        body: undefined,
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^b:/);
    }
    await close(b.server);
    const res = await fetch(`${proxy.url}/p`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ statusCode: 502, message: "No web server answered" });
  });
});
