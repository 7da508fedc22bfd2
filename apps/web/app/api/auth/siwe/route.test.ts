// @vitest-environment node
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authNonces, rateLimits, sessions } from "@/server/db/schema";
import {
  CROSS_SITE_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  OTHER_WALLET_MESSAGE,
  SESSION_IDLE_MS,
} from "@/server/services/sessions";
import { expectError, getRequest, newAccount, postRequest } from "@/server/test/harness";
import {
  callWithHeaders,
  cookieOf,
  getWithCookie,
  newNonce,
  signIn,
  siweMessage,
} from "@/server/test/session";
import { pinRateLimitWindow, setupApiTestDatabase } from "@/server/test/harness";
import { GET as loanTickets } from "../../loan-tickets/route";
import { GET as nonceRoute } from "../nonce/route";
import { DELETE as signOutRoute, GET as whoAmI } from "../session/route";
import { pruneAuthTables } from "@/server/services/siwe";
import { POST } from "./route";

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

describe("sessions: /api/auth/nonce, /api/auth/siwe, /api/auth/session", () => {
  const t = setupApiTestDatabase();
  const alice = newAccount();
  const bob = newAccount();

  // every test starts with empty auth tables and rate-limit windows
  beforeEach(async () => {
    await t.db().delete(rateLimits);
    await t.db().delete(sessions);
    await t.db().delete(authNonces);
  });
  afterEach(() => {
    delete process.env.APP_URL;
  });

  /** POST /api/auth/siwe with `{message, signature}` of `b` (`raw`: the body as given). */
  const post = (b: { message: string; signature: string }, headers: Record<string, string> = {}) =>
    callWithHeaders(
      POST,
      postRequest("/api/auth/siwe", { message: b.message, signature: b.signature }, headers),
    );
  const postRaw = (body: unknown) => callWithHeaders(POST, postRequest("/api/auth/siwe", body));
  const counts = async () => ({
    sessions: (await t.db().select().from(sessions)).length,
    consumed: (await t.db().select().from(authNonces)).filter((n) => n.consumedAt).length,
  });
  /** A SIWE sign-in body for `account` (message overrides, signed by `signer`). */
  async function signed(
    account = alice,
    overrides: Parameters<typeof siweMessage>[2] = {},
    signer = account,
  ) {
    const nonce = await newNonce();
    const message = siweMessage(account, nonce, overrides);
    return { nonce, message, signature: await signer.signMessage({ message }) };
  }
  const ticketsOf = (address: string, cookie = "") =>
    callWithHeaders(
      loanTickets,
      getWithCookie(`/api/loan-tickets?chainId=31337&userAddress=${address}`, cookie),
    );

  it("issues single-use 128-bit nonces valid for 5 minutes", async () => {
    const before = Date.now();
    const r = await callWithHeaders(nonceRoute, getRequest("/api/auth/nonce"));
    expect(r.status).toBe(200);
    expect(r.body.nonce).toMatch(/^[0-9a-f]{32}$/);
    const expires = Date.parse(r.body.expiresAt as string);
    expect(expires - before).toBeGreaterThanOrEqual(5 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await newNonce()).not.toBe(r.body.nonce);
  });

  it("signs in: an http-only SameSite=Lax cookie whose id is stored only as a hash", async () => {
    const { message, signature } = await signed();
    const r = await post({ message, signature });
    expect(r.status).toBe(200);
    expect(r.body.session).toMatchObject({
      kind: "siwe",
      address: alice.address.toLowerCase(),
      chainId: 31337,
    });
    const cookie = r.setCookie!;
    expect(cookie).toMatch(
      /^lending_session=[0-9a-f]{64}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    );
    const token = cookieOf(cookie).split("=")[1]!;
    const [row] = await t.db().select().from(sessions);
    expect(row!.idHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3600_000);

    const me = await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookieOf(cookie)));
    expect(me.body.session).toMatchObject({ kind: "siwe", address: alice.address.toLowerCase() });
    const none = await callWithHeaders(whoAmI, getRequest("/api/auth/session"));
    expect(none).toMatchObject({ status: 200, body: { session: null }, setCookie: null });
  });

  it("refuses a replayed message and a reused nonce with a 409, writing nothing", async () => {
    const first = await signed(alice, { statement: undefined }); // (a message without statement)
    expect((await post(first)).status).toBe(200);
    expect(await counts()).toEqual({ sessions: 1, consumed: 1 });
    const replay = await post(first);
    expectError(replay, 409, /nonce already used/);
    expect(replay.setCookie).toBeNull();
    // the same nonce in a new, validly signed message
    const again = siweMessage(alice, first.nonce, { issuedAt: new Date(Date.now() + 1000) });
    expectError(
      await post({ message: again, signature: await alice.signMessage({ message: again }) }),
      409,
    );
    expect(await counts()).toEqual({ sessions: 1, consumed: 1 });
  });

  it("accepts one of many concurrent sign-ins with the same nonce; the others are 409", async () => {
    const body = await signed();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await counts()).toEqual({ sessions: 1, consumed: 1 });
  });

  it("a new sign-in replaces the browser's previous session", async () => {
    const first = await signIn(alice);
    const body = await signed(bob);
    const r = await callWithHeaders(
      POST,
      postRequest(
        "/api/auth/siwe",
        { message: body.message, signature: body.signature },
        { cookie: first },
      ),
    );
    expect(r.status).toBe(200);
    expect((await t.db().select().from(sessions)).map((s) => s.address)).toEqual([
      bob.address.toLowerCase(),
    ]);
    expectError(await ticketsOf(alice.address, first), 401);
  });

  it("refuses unknown and expired nonces with a 401", async () => {
    const unknown = siweMessage(alice, "abcdef0123456789abcdef0123456789");
    expectError(
      await post({ message: unknown, signature: await alice.signMessage({ message: unknown }) }),
      401,
      /Unknown or expired sign-in nonce/,
    );
    const late = await signed();
    await t
      .db()
      .update(authNonces)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authNonces.nonce, late.nonce));
    expectError(await post(late), 401, /Unknown or expired/);
    expect(await counts()).toEqual({ sessions: 0, consumed: 0 });
  });

  it.each([
    ["another domain", { domain: "evil.example" }, /is for evil\.example, not localhost:3000/],
    ["another port", { domain: "localhost:3001" }, /not localhost:3000/],
    ["a URI on another site", { uri: "https://evil.example/login" }, /URI must be on/],
    ["another scheme", { scheme: "https" }, /is for https:\/\//],
    ["another chain", { chainId: 8453 }, /chain 8453; this server serves chain 31337/],
    [
      "an issued-at 6 minutes old",
      { issuedAt: new Date(Date.now() - 6 * 60_000) },
      /more than 5 minutes ago/,
    ],
    [
      "an issued-at 6 minutes ahead",
      { issuedAt: new Date(Date.now() + 6 * 60_000) },
      /in the future/,
    ],
    ["a past expiration time", { expirationTime: new Date(Date.now() - 1000) }, /expired/],
    ["a future not-before", { notBefore: new Date(Date.now() + 60_000) }, /not valid yet/],
  ])("refuses a message with %s (401) and keeps the nonce", async (_, overrides, message) => {
    const body = await signed(alice, overrides);
    expectError(await post(body), 401, message);
    expect(await counts()).toEqual({ sessions: 0, consumed: 0 });
    // the nonce is still good for a correct message
    const fixed = siweMessage(alice, body.nonce);
    expect(
      (await post({ message: fixed, signature: await alice.signMessage({ message: fixed }) }))
        .status,
    ).toBe(200);
  });

  it("refuses the signature of another address (401) and malformed messages (400)", async () => {
    expectError(await post(await signed(alice, {}, bob)), 401, /Invalid signature/);
    const good = await signed();
    for (const message of [
      "hello",
      `${good.message}\nExtra: line`,
      good.message.replace(alice.address, alice.address.toLowerCase()),
      good.message.replace("Version: 1", "Version: 2"),
    ]) {
      expectError(
        await post({ message, signature: await alice.signMessage({ message }) }),
        400,
        /not a Sign-In with Ethereum/,
      );
    }
    expectError(await postRaw({ message: good.message, signature: good.signature, extra: 1 }), 400);
    expectError(await postRaw({ message: good.message }), 400);
    expectError(await postRaw({ message: "x".repeat(5000), signature: good.signature }), 400);
    expect(await counts()).toEqual({ sessions: 0, consumed: 0 });
  });

  it("refuses a cross-site sign-in or sign-out (Origin of another site) with a 403", async () => {
    const body = await signed();
    expectError(
      await post(body, { origin: "https://evil.example" }),
      403,
      new RegExp(CROSS_SITE_MESSAGE),
    );
    expect(await counts()).toEqual({ sessions: 0, consumed: 0 });
    expect((await post(body, { origin: "http://localhost:3000" })).status).toBe(200);
  });

  it("trusts APP_URL, not the Host: Secure __Host- cookie over https", async () => {
    process.env.APP_URL = "https://app.example.org";
    // a request whose URL (Host) says localhost:3000 still has to name app.example.org
    const local = await signed();
    expectError(await post(local), 401, /not app\.example\.org/);
    const body = await signed(alice, {
      domain: "app.example.org",
      uri: "https://app.example.org/",
    });
    const r = await post(body);
    expect(r.status).toBe(200);
    expect(r.setCookie).toMatch(
      /^__Host-lending_session=[0-9a-f]{64}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/,
    );
    const cookie = cookieOf(r.setCookie);
    const me = await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookie));
    expect(me.body.session).toMatchObject({ address: alice.address.toLowerCase() });
    // the http cookie name is not read over https (and the other way round)
    const plain = cookie.replace("__Host-", "");
    expect((await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", plain))).body).toEqual(
      { session: null },
    );
  });

  it("ends a session after 15 idle minutes; each request slides the idle timeout", async () => {
    const cookie = await signIn(alice);
    const [row] = await t.db().select().from(sessions);
    // 14 minutes idle: still signed in, and the request moves lastSeenAt to now
    await t
      .db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 14 * 60_000) })
      .where(eq(sessions.idHash, row!.idHash));
    expect((await ticketsOf(alice.address, cookie)).status).toBe(200);
    const [touched] = await t.db().select().from(sessions);
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);
    // 15 minutes idle: ended
    await t
      .db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS) })
      .where(eq(sessions.idHash, row!.idHash));
    expectError(
      await ticketsOf(alice.address, cookie),
      401,
      new RegExp(NOT_SIGNED_IN_MESSAGE.slice(0, 20)),
    );
    const me = await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookie));
    expect(me.body).toEqual({ session: null });
    expect(me.setCookie).toMatch(/^lending_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });

  it("ends a session 24 hours after sign-in even when it was used every few minutes", async () => {
    const cookie = await signIn(alice);
    const signedInAt = Date.now() - 24 * 3600_000;
    await t
      .db()
      .update(sessions)
      .set({
        createdAt: new Date(signedInAt),
        expiresAt: new Date(signedInAt + 24 * 3600_000),
        lastSeenAt: new Date(Date.now() - 60_000),
      });
    expectError(await ticketsOf(alice.address, cookie), 401);
    expect(
      (await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookie))).body,
    ).toEqual({ session: null });
  });

  it("never answers wallet A's data to wallet B's session (403), nor a forged cookie", async () => {
    const bobCookie = await signIn(bob);
    expectError(
      await ticketsOf(alice.address, bobCookie),
      403,
      new RegExp(OTHER_WALLET_MESSAGE.slice(0, 30)),
    );
    expect((await ticketsOf(bob.address, bobCookie)).status).toBe(200);
    expectError(await ticketsOf(alice.address, `lending_session=${"ab".repeat(32)}`), 401);
    expectError(await ticketsOf(alice.address, `lending_session=${sha256("x")}`), 401);
    // the stored hash itself is not a valid cookie
    const [row] = await t.db().select().from(sessions);
    expectError(await ticketsOf(bob.address, `lending_session=${row!.idHash}`), 401);
  });

  it("signs out: the session ends on the server, not only in the browser", async () => {
    const cookie = await signIn(alice);
    const out = await callWithHeaders(
      signOutRoute,
      new Request("http://localhost:3000/api/auth/session", {
        method: "DELETE",
        headers: { cookie },
      }),
    );
    expect(out).toMatchObject({ status: 200, body: { session: null } });
    expect(out.setCookie).toMatch(/Max-Age=0/);
    expect(await t.db().select().from(sessions)).toHaveLength(0);
    // the old cookie, replayed, is worth nothing
    expectError(await ticketsOf(alice.address, cookie), 401);
    const cross = await callWithHeaders(
      signOutRoute,
      new Request("http://localhost:3000/api/auth/session", {
        method: "DELETE",
        headers: { cookie, origin: "https://evil.example" },
      }),
    );
    expectError(cross, 403);
  });

  it("prunes nonces and sessions that ended more than a day ago, not live ones", async () => {
    await signIn(alice);
    const old = await newNonce();
    const dayAgo = Date.now() - 25 * 3600_000;
    await t
      .db()
      .update(authNonces)
      .set({ expiresAt: new Date(dayAgo) })
      .where(eq(authNonces.nonce, old));
    await signIn(bob);
    await t
      .db()
      .update(sessions)
      .set({ expiresAt: new Date(dayAgo) })
      .where(eq(sessions.address, bob.address.toLowerCase()));
    await pruneAuthTables(t.db());
    expect((await t.db().select().from(sessions)).map((s) => s.address)).toEqual([
      alice.address.toLowerCase(),
    ]);
    expect((await t.db().select().from(authNonces)).map((n) => n.nonce)).not.toContain(old);
    expect(await t.db().select().from(authNonces)).toHaveLength(2);
  });

  it("rate-limits nonces and sign-ins per IP like other POSTs (30 a minute)", async () => {
    pinRateLimitWindow();
    for (let i = 0; i < 30; i++) {
      expect((await callWithHeaders(nonceRoute, getRequest("/api/auth/nonce"))).status).toBe(200);
    }
    const limited = await callWithHeaders(nonceRoute, getRequest("/api/auth/nonce"));
    expectError(limited, 429);
    expect(await t.db().select().from(authNonces)).toHaveLength(30);
  });
});
