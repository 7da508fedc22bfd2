// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logs, rateLimits } from "@/server/db/schema";
import { HttpError } from "@/server/http/errors";
import { apiHandler, clientIp } from "@/server/http/handler";
import { enforceRateLimit, postRateLimit } from "@/server/services/rate-limit";
import {
  call,
  expectError,
  getRequest,
  postRequest,
  setupApiTestDatabase,
  pinRateLimitWindow,
} from "@/server/test/harness";
import { GET as health } from "../health/route";
import { GET as token } from "../token/route";
import { POST } from "./route";

describe("/api/logging, /api/token, /api/health and the shared handler", () => {
  const t = setupApiTestDatabase();
  // these tests stand for a deployment behind one proxy (TRUST_PROXY=1): X-Forwarded-For counts
  beforeAll(() => {
    process.env.TRUST_PROXY = "1";
  });
  afterAll(() => {
    delete process.env.TRUST_PROXY;
  });
  const report = {
    error: { message: "boom", name: "Error", stack: "Error: boom\n  at x", cause: { code: 1 } },
    chainId: 31337,
    address: "0x00000000000000000000000000000000000000AB",
    title: "deposit error",
    message: "unexpected error",
  };

  it("stores a client error report with a lowercased address", async () => {
    // the runner's later passes set DATABASE_URL (a Postgres server) or API_TEST_DATABASE=served
    // (PGlite served over the wire): the same tests then run through `pg`
    const viaPg = process.env.DATABASE_URL || process.env.API_TEST_DATABASE === "served";
    expect(t.handle().kind).toBe(viaPg ? "postgres" : "pglite");
    const r = await call(
      POST,
      postRequest("/api/logging", report, { "x-forwarded-for": "10.0.0.1" }),
    );
    expect(r.status).toBe(201);
    const [row] = await t.db().select().from(logs);
    expect(row).toMatchObject({
      chainId: 31337,
      address: "0x00000000000000000000000000000000000000ab",
      title: "deposit error",
      error: report.error,
    });
  });

  it("refuses malformed, mistyped, extra and oversized reports", async () => {
    for (const bad of [
      "{]",
      { ...report, chainId: "x" },
      { ...report, error: { ...report.error, extra: 1 } },
      { ...report, level: "warn" },
      { title: "no error field" },
      { ...report, title: "t".repeat(201) },
    ]) {
      expectError(
        await call(POST, postRequest("/api/logging", bad, { "x-forwarded-for": "10.0.0.2" })),
        400,
      );
    }
    expectError(
      await call(POST, postRequest("/api/logging", { ...report, message: "m".repeat(17_000) })),
      413,
    );
    expect(await t.db().select().from(logs)).toHaveLength(1);
  });

  it("rate-limits reports per IP (20 a minute) with a 429", async () => {
    pinRateLimitWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (await call(POST, postRequest("/api/logging", report, { "x-forwarded-for": "10.9.9.9" })))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const windows = await t.db().select().from(rateLimits);
    expect(windows.find((w) => w.key === "log-ip:10.9.9.9")?.count).toBe(22);
  });

  it("counts rate-limit windows per key and resets them each window", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const now = 1_800_000_000_000;
    await enforceRateLimit(t.db(), ["k"], rule, now);
    await enforceRateLimit(t.db(), ["k"], rule, now + 1);
    await expect(enforceRateLimit(t.db(), ["k"], rule, now + 2)).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(enforceRateLimit(t.db(), ["k"], rule, now + 60_000)).resolves.toEqual([1]);
  });

  it("the default budget is the deployment's RATE_LIMIT_POSTS_PER_MINUTE (30 without it)", async () => {
    const now = 1_800_000_000_000;
    const saved = process.env.RATE_LIMIT_POSTS_PER_MINUTE;
    process.env.RATE_LIMIT_POSTS_PER_MINUTE = "2";
    try {
      await enforceRateLimit(t.db(), ["posts"], undefined, now);
      await enforceRateLimit(t.db(), ["posts"], undefined, now + 1);
      await expect(enforceRateLimit(t.db(), ["posts"], undefined, now + 2)).rejects.toMatchObject({
        statusCode: 429,
      });
      delete process.env.RATE_LIMIT_POSTS_PER_MINUTE;
      expect(postRateLimit()).toEqual({ limit: 30, windowMs: 60_000 });
      // a new key's third request in the window is counted, not refused
      for (let i = 1; i <= 3; i++) {
        await expect(
          enforceRateLimit(t.db(), ["posts-default"], undefined, now + i),
        ).resolves.toEqual([i]);
      }
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_POSTS_PER_MINUTE;
      else process.env.RATE_LIMIT_POSTS_PER_MINUTE = saved;
    }
  });

  it("answers token prices by symbol and refuses bad lists", async () => {
    const r = await call(token, getRequest("/api/token?tokens=USDC,ETH,weth,NOPE"));
    // no local AMM in this fixture: ETH and WETH are unavailable (null), the unknown one left out
    expect(r).toEqual({ status: 200, body: { USDC: 1, ETH: null, weth: null } });
    expectError(await call(token, getRequest("/api/token")), 400);
    expectError(await call(token, getRequest("/api/token?tokens=")), 400);
    expectError(await call(token, getRequest("/api/token?tokens=US-DC")), 400);
    expectError(await call(token, getRequest("/api/token?tokens=USDC&tokens=ETH")), 400);
  });

  it("behind one trusted proxy, takes the client IP from the last X-Forwarded-For hop (the one the proxy appended)", () => {
    const ip = (h: Record<string, string>) => clientIp(getRequest("/x", h));
    expect(ip({ "x-forwarded-for": "6.6.6.6, 10.1.2.3" })).toBe("10.1.2.3");
    expect(ip({ "x-real-ip": "10.0.0.9" })).toBe("unidentified");
    expect(ip({})).toBe("unidentified");
  });

  it("health is a bare handler", async () => {
    expect((await health()).status).toBe(200);
  });

  it("turns HttpErrors into their status and genuine faults into a logged 500", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const teapot = apiHandler(async () => {
      throw new HttpError(418, "short and stout", { error: "teapot" });
    });
    const fault = apiHandler(async () => {
      throw new Error("database on fire");
    });
    const r1 = await call(teapot, getRequest("/x"));
    expect(r1).toEqual({
      status: 418,
      body: { error: "teapot", statusCode: 418, message: "short and stout" },
    });
    const r2 = await call(fault, getRequest("/x"));
    expect(r2).toEqual({
      status: 500,
      body: { statusCode: 500, message: "Internal server error" },
    });
    expect(JSON.stringify(r2.body)).not.toContain("fire");
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
