// @vitest-environment node
import { buildKycChallengeMessage, buildLoanTicketMessage } from "@lending/sdk";
import { NextRequest } from "next/server";
import { z } from "zod";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { kycRecords, kycSessions, logs, rateLimits } from "@/server/db/schema";
import { localKycProvider } from "@/server/services/kyc";
import { PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "@/server/http/client";
import {
  BODY_TIMEOUT_MS,
  clientIp,
  isHttpsRequest,
  MAX_JSON_DEPTH,
  readJson,
} from "@/server/http/handler";
import {
  ENTITY_MISMATCH_MESSAGE,
  KYC_REJECTED_MESSAGE,
  LOCAL_KYC_SESSION_MS,
} from "@/server/services/kyc/local";
import { LOG_RETENTION_MS } from "@/server/services/logs";
import { LOG_DAILY_LIMIT } from "@/server/services/rate-limit";
import {
  INVALID_SIGNATURE_MESSAGE,
  REPLAYED_SIGNATURE_MESSAGE,
} from "@/server/services/signatures";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  rawPostRequest,
  setupApiTestDatabase,
  signatureEncodings,
  pinRateLimitWindow,
} from "@/server/test/harness";
import { signReferral } from "@/server/test/session";
import { proxy } from "../../proxy";
import {
  POST as unknownPost,
  GET as unknownGet,
  DELETE as unknownDelete,
} from "./[[...slug]]/route";
import { POST as emailChallenge } from "./email-challenge/route";
import { GET as swapData } from "./getSwapData/route";
import { POST as kycChallenge } from "./kyc-challenge/route";
import { POST as localSubmit } from "./kyc/local/route";
import { POST as lenderAgreements } from "./lender-agreements/route";
import { POST as loanTickets } from "./loan-tickets/route";
import { POST as logging } from "./logging/route";
import { POST as referral } from "./referral/route";
import { GET as token } from "./token/route";

const ZERO = "0x0000000000000000000000000000000000000000";
const REPORT = { error: { message: "boom", name: "Error" }, title: "t" };

/** Runs `body` with TRUST_PROXY set, then restores the environment. */
async function withTrustProxy<T>(value: string | undefined, body: () => Promise<T>): Promise<T> {
  const before = process.env.TRUST_PROXY;
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  }
}

describe("API hardening (issue 10): replay, rate limits, client IP, bounds, headers", () => {
  const t = setupApiTestDatabase();
  const fingerprint = () => databaseFingerprint(t.db());
  // every test starts with fresh rate-limit windows, so the order of tests does not matter
  beforeEach(async () => {
    await t.db().delete(rateLimits);
  });
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  async function kycChallengeBody(account = newAccount(), isIndividual = true) {
    const timestamp = Date.now();
    const signature = await account.signMessage({
      message: buildKycChallengeMessage({
        address: account.address,
        isIndividual,
        timestamp,
        chainId: 31337,
      }),
    });
    return { address: account.address, signature, timestamp, isIndividual };
  }

  it("a signed kyc-challenge is used once whatever the signature's encoding (high s, v 0/1, case): 409, nothing written", async () => {
    const body = await kycChallengeBody();
    expect((await call(kycChallenge, postRequest("/api/kyc-challenge", body))).status).toBe(200);
    const before = await fingerprint();
    const encodings = signatureEncodings(body.signature);
    expect(encodings).toHaveLength(4);
    for (const signature of encodings) {
      expect(signature).not.toBe(body.signature);
      const r = await call(kycChallenge, postRequest("/api/kyc-challenge", { ...body, signature }));
      expectError(r, 409, new RegExp(`^${REPLAYED_SIGNATURE_MESSAGE}$`));
    }
    expect(await fingerprint()).toEqual(before);
    expect(await t.db().select().from(kycSessions)).toHaveLength(1);
  });

  it("31+ junk requests naming a victim do not lock the victim out: the address counts only once verified", async () => {
    process.env.TRUST_PROXY = "1";
    const victim = newAccount();
    const attacker = newAccount();
    const timestamp = Date.now();
    const junk = {
      kyc: {
        address: victim.address,
        timestamp,
        isIndividual: true,
        signature: await attacker.signMessage({ message: "junk" }),
      },
      referral: {
        owner: victim.address,
        refferer: attacker.address,
        signature: await attacker.signMessage({ message: "junk" }),
      },
      tickets: {
        userID: victim.address,
        payload: { endBorrowerID: "b", poolID: "0", trancheID: "0", status: "optedIn" },
        signature: await attacker.signMessage({ message: "junk" }),
        signatureTimestamp: timestamp,
      },
    };
    const before = await fingerprint();
    for (let i = 0; i < 35; i++) {
      const from = { "x-forwarded-for": `10.66.${Math.floor(i / 10)}.${i}` };
      for (const [handler, path, body] of [
        [kycChallenge, "/api/kyc-challenge", junk.kyc],
        [referral, "/api/referral", junk.referral],
        [loanTickets, "/api/loan-tickets", junk.tickets],
      ] as const) {
        expectError(
          await call(handler, postRequest(path, body, from)),
          401,
          new RegExp(`^${INVALID_SIGNATURE_MESSAGE}$`),
        );
      }
    }
    expect(await fingerprint()).toEqual(before);
    const own = { "x-forwarded-for": "10.77.0.1" };
    const ok = await call(
      kycChallenge,
      postRequest("/api/kyc-challenge", await kycChallengeBody(victim), own),
    );
    expect(ok.status).toBe(200);
    // a referral needs two verified people (issue 24): both pass the local KYC first
    const kyc = await localKycProvider();
    for (const [who, fullName] of [
      [attacker, "Referrer Person"],
      [victim, "Victim Person"],
    ] as const) {
      const { sessionId } = await kyc.startVerification({
        address: who.address,
        isIndividual: true,
      });
      await kyc.submit({ session: sessionId, fullName });
    }
    const referred = await call(
      referral,
      postRequest(
        "/api/referral",
        {
          owner: victim.address,
          refferer: attacker.address,
          signature: await signReferral(victim, attacker.address),
        },
        own,
      ),
    );
    expect(referred).toEqual({ status: 200, body: { isValid: true } });
    const decision = {
      endBorrowerID: "b",
      poolID: "0",
      trancheID: "0",
      status: "optedIn" as const,
    };
    const tickets = await call(
      loanTickets,
      postRequest(
        "/api/loan-tickets",
        {
          userID: victim.address,
          payload: decision,
          signatureTimestamp: timestamp,
          signature: await victim.signMessage({
            message: buildLoanTicketMessage({
              userID: victim.address,
              requests: [decision],
              timestamp,
              chainId: 31337,
            }),
          }),
        },
        own,
      ),
    );
    // verified, so not 429: the victim has no such ticket
    expectError(tickets, 404, /No loan ticket/);
  }, 60_000);

  it("ignores a client's X-Forwarded-For unless TRUST_PROXY names the proxies in front", async () => {
    const forged = { "x-forwarded-for": "6.6.6.6, 7.7.7.7", [PEER_ADDRESS_HEADER]: "192.0.2.10" };
    // no trusted proxy: the socket address (stamped by instrumentation.ts), never the header
    expect(clientIp(getRequest("/x", forged), 0)).toBe("192.0.2.10");
    expect(clientIp(getRequest("/x", { "x-forwarded-for": "6.6.6.6" }), 0)).toBe("unidentified");
    // one proxy appends the client's address: the last entry; two proxies: the one before
    expect(clientIp(getRequest("/x", forged), 1)).toBe("7.7.7.7");
    expect(clientIp(getRequest("/x", forged), 2)).toBe("6.6.6.6");
    expect(clientIp(getRequest("/x", { "x-forwarded-for": "7.7.7.7" }), 3)).toBe("7.7.7.7");
    // so without a proxy a client cannot pick a new bucket per request: the 21st log is a 429
    pinRateLimitWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const headers = { "x-forwarded-for": `203.0.113.${i}`, [PEER_ADDRESS_HEADER]: "192.0.2.7" };
      statuses.push((await call(logging, postRequest("/api/logging", REPORT, headers))).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });

  it("caps client logs at 10,000 a UTC day across all clients: then 429 with Retry-After until midnight, nothing written", async () => {
    const now = Date.now();
    const day = new Date(now - (now % 86_400_000));
    await t
      .db()
      .insert(rateLimits)
      .values({ key: "log-all", windowStart: day, count: LOG_DAILY_LIMIT.limit });
    const before = await fingerprint();
    const response = await logging(postRequest("/api/logging", REPORT), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    const untilMidnight = (day.getTime() + 86_400_000 - now) / 1000;
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(untilMidnight) - 5);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(untilMidnight) + 1);
    expect(await response.json()).toMatchObject({ statusCode: 429, message: /Too many requests/ });
    expect(await fingerprint()).toEqual(before);
  });

  it("prunes client logs older than 30 days as new ones arrive", async () => {
    const now = Date.now();
    await t
      .db()
      .insert(logs)
      .values([
        { title: "old", error: {}, createdAt: new Date(now - LOG_RETENTION_MS - 60_000) },
        { title: "recent", error: {}, createdAt: new Date(now - LOG_RETENTION_MS + 3_600_000) },
      ]);
    expect((await call(logging, postRequest("/api/logging", REPORT))).status).toBe(201);
    const titles = (await t.db().select().from(logs)).map((l) => l.title);
    expect(titles).not.toContain("old");
    expect(titles).toContain("recent");
  });

  it("answers 429 with a Retry-After header in seconds", async () => {
    pinRateLimitWindow();
    let response: Response | undefined;
    for (let i = 0; i < 21; i++) {
      response = await logging(postRequest("/api/logging", REPORT), {
        params: Promise.resolve({}),
      });
    }
    expect(response!.status).toBe(429);
    const retryAfter = response!.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(await response!.json()).toMatchObject({
      statusCode: 429,
      retryAfter: Number(retryAfter),
    });
  });

  it("refuses a NUL character in any string (logging, local KYC): 400 naming the field, nothing written", async () => {
    const session = await openSession(newAccount(), true);
    const before = await fingerprint();
    expectError(
      await call(logging, postRequest("/api/logging", { ...REPORT, message: "a\u0000b" })),
      400,
      /^message: must not contain a NUL character/,
    );
    expectError(
      await call(
        logging,
        postRequest("/api/logging", { error: { message: "x", cause: { deep: ["ok", "\u0000"] } } }),
      ),
      400,
      /^error\.cause\.deep\.1: must not contain a NUL character/,
    );
    expectError(
      await call(logging, postRequest("/api/logging", { error: { ["k\u0000"]: 1 } })),
      400,
      /must not contain a NUL character/,
    );
    expectError(
      await call(
        localSubmit,
        postRequest("/api/kyc/local", { session, fullName: "Ada\u0000 Lovelace" }),
      ),
      400,
      /^fullName: must not contain a NUL character/,
    );
    expectError(
      await call(token, getRequest("/api/token?tokens=US%00DC")),
      400,
      /^tokens: must not contain a NUL character/,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses JSON nested deeper than the bound (a 4,500 and a 6,000 deep cause): 400 at once, nothing written", async () => {
    const before = await fingerprint();
    for (const depth of [MAX_JSON_DEPTH + 1, 4_500, 6_000]) {
      const cause = `${"[".repeat(depth - 2)}${"]".repeat(depth - 2)}`;
      const started = Date.now();
      const r = await call(logging, postRequest("/api/logging", `{"error":{"cause":${cause}}}`));
      expectError(r, 400, new RegExp(`nested deeper than ${MAX_JSON_DEPTH} levels`));
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    // at the bound it is accepted
    const cause = `${"[".repeat(MAX_JSON_DEPTH - 2)}${"]".repeat(MAX_JSON_DEPTH - 2)}`;
    const ok = await call(logging, postRequest("/api/logging", `{"error":{"cause":${cause}}}`));
    expect(ok.status).toBe(201);
    expect((await t.db().select().from(logs)).length).toBe(Number(before.logs!.split(":")[0]) + 1);
  });

  it("refuses POSTs without a JSON Content-Type (a cross-site form needs no preflight): 415, nothing written", async () => {
    const before = await fingerprint();
    const handlers = [
      [logging, "/api/logging"],
      [kycChallenge, "/api/kyc-challenge"],
      [localSubmit, "/api/kyc/local"],
      [emailChallenge, "/api/email-challenge"],
      [referral, "/api/referral"],
      [loanTickets, "/api/loan-tickets"],
      [lenderAgreements, "/api/lender-agreements"],
    ] as const;
    for (const [handler, path] of handlers) {
      for (const headers of [{}, { "content-type": "text/plain" }] as Record<string, string>[]) {
        const body = JSON.stringify(REPORT);
        const r = await call(handler, rawPostRequest(path, body, headers));
        expectError(r, 415, /^Content-Type must be application\/json$/);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("answers 408 when the body does not arrive in time (10 s by default)", async () => {
    expect(BODY_TIMEOUT_MS).toBe(10_000);
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"error":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = rawPostRequest("/api/logging", stalled, { "content-type": "application/json" });
    const started = Date.now();
    await expect(readJson(request, z.unknown(), 16 * 1024, 300)).rejects.toMatchObject({
      statusCode: 408,
      message: "Request body was not received within 0.3 s",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(cancelled).toBe(true);
  });

  it("answers unknown /api paths with JSON 404 for every method", async () => {
    for (const [handler, method] of [
      [unknownGet, "GET"],
      [unknownPost, "POST"],
      [unknownDelete, "DELETE"],
    ] as const) {
      const response = await handler(
        new Request("http://localhost:3000/api/no-such-thing", { method }),
        { params: Promise.resolve({}) },
      );
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        statusCode: 404,
        message: `No API endpoint at ${method} /api/no-such-thing`,
      });
    }
  });

  it("pages get a per-request script nonce and no 'unsafe-inline' scripts; HSTS only over https", async () => {
    const page = async (headers: Record<string, string> = {}) =>
      await proxy(new NextRequest("http://localhost:3000/lending", { headers }));
    const a = (await page()).headers.get("content-security-policy")!;
    const b = (await page()).headers.get("content-security-policy")!;
    const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc(a)).toMatch(/'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(scriptSrc(a)).not.toContain("'unsafe-inline'");
    // WebAssembly may compile (the embedded wallet's Argon2id)
    expect(scriptSrc(a)).toContain("'wasm-unsafe-eval'");
    expect(a).not.toBe(b);
    expect(a).toContain("frame-ancestors 'none'");
    // plain http (localhost): no HSTS, even when the client claims https without a trusted proxy
    expect((await page()).headers.get("strict-transport-security")).toBeNull();
    expect(
      (await page({ "x-forwarded-proto": "https" })).headers.get("strict-transport-security"),
    ).toBeNull();
    // https socket, or https behind a trusted proxy: HSTS
    expect(
      (await page({ [PEER_PROTO_HEADER]: "https" })).headers.get("strict-transport-security"),
    ).toMatch(/^max-age=\d+/);
    await withTrustProxy("1", async () => {
      const r = await page({ "x-forwarded-proto": "https" });
      expect(r.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
      expect(isHttpsRequest(getRequest("/x", { "x-forwarded-proto": "http" }))).toBe(false);
    });
    // API responses (which the proxy skips) get HSTS from the API handler, over https only
    const api = async (headers: Record<string, string>) =>
      (await unknownGet(getRequest("/api/x", headers), { params: Promise.resolve({}) })).headers;
    expect((await api({ [PEER_PROTO_HEADER]: "https" })).get("strict-transport-security")).toMatch(
      /^max-age=\d+/,
    );
    expect((await api({})).get("strict-transport-security")).toBeNull();
    expect(
      (await api({ "x-forwarded-proto": "https" })).get("strict-transport-security"),
    ).toBeNull();
  });

  it("refuses a swap for the zero address: 400", async () => {
    const r = await call(
      swapData,
      getRequest(
        `/api/getSwapData?fromToken=${ZERO}&toToken=0x00000000000000000000000000000000000000aa&fromAmount=1000&user=${ZERO}&slippage=1`,
      ),
    );
    expectError(r, 400, /^user: must not be the zero address$/);
  });

  /** A live local-KYC session for `account`, as a signed kyc-challenge would open. */
  async function openSession(account: { address: string }, isIndividual: boolean) {
    const token = Math.random().toString(16).slice(2).padEnd(12, "0").repeat(4).slice(0, 48);
    await t
      .db()
      .insert(kycSessions)
      .values({
        token,
        address: account.address.toLowerCase(),
        isIndividual,
        expiresAt: new Date(Date.now() + LOCAL_KYC_SESSION_MS),
      });
    return token;
  }

  it("a Rejected wallet cannot resubmit the local KYC: 403, nothing written", async () => {
    const account = newAccount();
    await t.db().insert(kycRecords).values({
      address: account.address.toLowerCase(),
      status: "Rejected",
      entityType: "individual",
      fullName: "Mallory",
      provider: "local",
    });
    const session = await openSession(account, true);
    const before = await fingerprint();
    expectError(
      await call(
        localSubmit,
        postRequest("/api/kyc/local", { session, fullName: "Mallory Again", isIndividual: true }),
      ),
      403,
      new RegExp(`^${KYC_REJECTED_MESSAGE}$`),
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("the local KYC entity type must be the one signed in the challenge: 400, nothing written", async () => {
    const account = newAccount();
    const r = await call(
      kycChallenge,
      postRequest("/api/kyc-challenge", await kycChallengeBody(account, true)),
    );
    const session = r.body.sessionId as string;
    const before = await fingerprint();
    expectError(
      await call(
        localSubmit,
        postRequest("/api/kyc/local", { session, fullName: "Acme Ltd", isIndividual: false }),
      ),
      400,
      new RegExp(`^${ENTITY_MISMATCH_MESSAGE}$`),
    );
    expect(await fingerprint()).toEqual(before);
    // the signed type goes through (and is what is recorded)
    const ok = await call(
      localSubmit,
      postRequest("/api/kyc/local", { session, fullName: "Ada Lovelace", isIndividual: true }),
    );
    expect(ok.body).toMatchObject({ status: "No Email", entityType: "individual" });
  });
});
