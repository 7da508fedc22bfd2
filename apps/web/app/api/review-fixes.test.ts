// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptLoanContract } from "@/server/actions/loan-contracts";
import { getSwapQuote } from "@/server/actions/swap";
import { chainClient } from "@/server/context";
import { rateLimits } from "@/server/db/schema";
import { clientIp, PEER_ADDRESS_HEADER, rateLimitAddress } from "@/server/http/client";
import { LocalKycProvider } from "@/server/services/kyc";
import {
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET as unknownGet, POST as unknownPost } from "./[[...slug]]/route";
import {
  GET as kycGet,
  PUT as kycPut,
  DELETE as kycDelete,
  OPTIONS as kycOptions,
} from "./kyc/route";
import { GET as agreementsGet, DELETE as agreementsDelete } from "./lender-agreements/route";

/** The headers `headers()` of next/headers answers to the server actions under test. */
const actionHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => actionHeaders.current }));

type Route = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const send = (route: unknown, request: Request) =>
  (route as Route)(request, { params: Promise.resolve({}) });
const from = (ip: string, path: string, method = "GET") =>
  new Request(`http://localhost:3000${path}`, { method, headers: { [PEER_ADDRESS_HEADER]: ip } });
const json = async (response: Response) =>
  JSON.parse(await response.text()) as Record<string, unknown>;

describe("fixes of the API security review", () => {
  const t = setupApiTestDatabase();
  beforeEach(async () => {
    await t.db().delete(rateLimits);
    // one fixed rate-limit window for the whole test: 1 s into a minute
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    actionHeaders.current = new Headers();
  });

  it("counts HEAD with GET: the 121st HEAD of a minute is a 429 and reaches no provider", async () => {
    const lookups = vi.spyOn(LocalKycProvider.prototype, "getCustomer");
    const path = `/api/kyc?userAddress=${newAccount().address}`;
    for (let i = 0; i < 120; i++) {
      expect((await send(kycGet, from("198.51.100.1", path, "HEAD"))).status).toBe(200);
    }
    expect(lookups).toHaveBeenCalledTimes(120);
    const refused = await send(kycGet, from("198.51.100.1", path, "HEAD"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ statusCode: 429 });
    expect(lookups).toHaveBeenCalledTimes(120);

    // GET and HEAD share one budget
    for (let i = 0; i < 60; i++) {
      expect((await send(kycGet, from("198.51.100.2", path, "GET"))).status).toBe(200);
      expect((await send(kycGet, from("198.51.100.2", path, "HEAD"))).status).toBe(200);
    }
    expect((await send(kycGet, from("198.51.100.2", path, "GET"))).status).toBe(429);
    expect((await send(kycGet, from("198.51.100.2", path, "HEAD"))).status).toBe(429);
    expect(lookups).toHaveBeenCalledTimes(240);
  }, 60_000);

  it("rate-limits the server actions per client IP before any signature check", async () => {
    actionHeaders.current = new Headers({ [PEER_ADDRESS_HEADER]: "203.0.113.9" });
    const verify = vi.spyOn(chainClient(), "verifyMessage");
    const before = await databaseFingerprint(t.db());
    const junk = {
      address: newAccount().address,
      signature: `0x${"11".repeat(65)}`,
      timestamp: Date.now(),
      id: 1,
    } as const;
    for (let i = 0; i < 30; i++) {
      expect(await acceptLoanContract(junk)).toMatchObject({ error: "HTTP 401" });
    }
    expect(verify).toHaveBeenCalledTimes(30);
    const refused = await acceptLoanContract(junk);
    expect(refused).toEqual({
      error: "HTTP 429",
      message: expect.stringMatching(/^Too many requests: try again in \d+ s$/),
    });
    expect(verify).toHaveBeenCalledTimes(30);
    // counted under the IP the request came from, the key the POST routes count too
    const [row] = await t
      .db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "ip:203.0.113.9"));
    expect(row?.count).toBe(31);
    // the swap quote shares that budget and answers the UI the same message
    expect(
      await getSwapQuote({
        chainId: 31337,
        fromToken: junk.address,
        toToken: junk.address,
        fromAmount: "1",
      }),
    ).toMatchObject({ error: "HTTP 429", message: expect.stringMatching(/^Too many requests/) });
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // another client is not affected
    actionHeaders.current = new Headers({ [PEER_ADDRESS_HEADER]: "203.0.113.10" });
    expect(await acceptLoanContract(junk)).toMatchObject({ error: "HTTP 401" });
  }, 60_000);

  it("buckets IPv6 clients by /64 and IPv4-mapped addresses as IPv4", async () => {
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("2001:DB8:0:0:ffff:1:2:3")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(rateLimitAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitAddress("::ffff:102:304")).toBe("1.2.3.4");
    expect(rateLimitAddress("1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitAddress("")).toBe("unidentified");
    // behind a trusted proxy too
    const proxied = getRequest("/x", { "x-forwarded-for": "6.6.6.6, 2001:db8::abcd" });
    expect(clientIp(proxied, 1)).toBe("2001:db8:0:0::/64");

    const path = `/api/kyc?userAddress=${newAccount().address}`;
    for (const ip of ["2001:db8::1", "2001:db8::2", "::ffff:192.0.2.44", "192.0.2.44"]) {
      expect((await send(kycGet, from(ip, path))).status).toBe(200);
    }
    const counts = Object.fromEntries(
      (await t.db().select().from(rateLimits)).map((r) => [r.key, r.count]),
    );
    expect(counts).toEqual({ "get:ip:2001:db8:0:0::/64": 2, "get:ip:192.0.2.44": 2 });
  });

  it("answers methods a route does not serve with a JSON 405 and an Allow header", async () => {
    const before = await databaseFingerprint(t.db());
    const put = await send(kycPut, from("198.51.100.3", "/api/kyc", "PUT"));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await json(put)).toEqual({
      statusCode: 405,
      message: "Method PUT is not allowed here: use GET, HEAD, OPTIONS",
    });
    expect((await send(kycDelete, from("198.51.100.3", "/api/kyc", "DELETE"))).status).toBe(405);
    // OPTIONS lists what is served, not the refusals
    const options = await kycOptions();
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const get = await send(agreementsGet, from("198.51.100.3", "/api/lender-agreements"));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await json(get)).toMatchObject({ statusCode: 405 });
    const del = await send(
      agreementsDelete,
      from("198.51.100.3", "/api/lender-agreements", "DELETE"),
    );
    expect(await json(del)).toEqual({
      statusCode: 405,
      message: "Method DELETE is not allowed here: use POST, OPTIONS",
    });
    expect(await databaseFingerprint(t.db())).toEqual(before);
  });

  it("answers /api itself with a JSON 404", async () => {
    const r = await send(unknownGet, getRequest("/api"));
    expect(r.status).toBe(404);
    expectError({ status: r.status, body: await json(r) }, 404, /^No API endpoint at GET \/api$/);
    expect((await send(unknownPost, postRequest("/api", {}))).status).toBe(404);
  });
});
