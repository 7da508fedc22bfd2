// @vitest-environment node
import { createHash } from "node:crypto";
import {
  buildEmbeddedWalletMessage,
  buildLinkWalletMessage,
  buildWalletBackupMessage,
} from "@lending/sdk";
import { desc, eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  accounts,
  accountWallets,
  kycSessions,
  loginCodes,
  oauthFlows,
  outbox,
  rateLimits,
  sessions,
  walletBackups,
} from "@/server/db/schema";
import { accountForGoogle, backupDigest, type RecoveryBackup } from "@/server/services/accounts";
import { ownsEmail } from "@/server/services/google-oidc";
import { localKycProvider } from "@/server/services/kyc";
import {
  databaseFingerprint,
  expectError,
  newAccount,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { callWithHeaders, cookieOf, getWithCookie, signIn } from "@/server/test/session";
import { GET as loanTickets } from "../../loan-tickets/route";
import { POST as requestCode } from "../email/code/route";
import { POST as verifyCode } from "../email/verify/route";
import { GET as googleCallback } from "../google/callback/route";
import { GET as googleStart } from "../google/route";
import { GET as whoAmI } from "../session/route";
import { PUT as setActive } from "./active/route";
import { GET as getBackup, PUT as putBackup } from "./backup/route";
import { POST as registerEmbedded } from "./embedded/route";
import { GET as getAccount } from "./route";
import { DELETE as unlinkWallet, POST as linkWallet } from "./wallets/route";

const BASE = "http://localhost:3000";
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

function request(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A well-formed backup of `address` (the server cannot decrypt it and does not try). */
function backupOf(address: string, memoryKiB = 65_536): RecoveryBackup {
  return {
    version: 1,
    address,
    kdf: {
      algorithm: "argon2id",
      memoryKiB,
      iterations: 3,
      parallelism: 1,
      salt: Buffer.alloc(16, 7).toString("base64"),
    },
    iv: Buffer.alloc(12, 9).toString("base64"),
    ciphertext: Buffer.alloc(48, 3).toString("base64"),
  };
}

describe("email and Google sign-in, the embedded wallet and linked wallets (/api/auth/*)", () => {
  const t = setupApiTestDatabase();

  beforeEach(async () => {
    await t.db().delete(rateLimits);
    await t.db().delete(loginCodes);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const askCode = (email: string, headers: Record<string, string> = {}) =>
    callWithHeaders(requestCode, request("POST", "/api/auth/email/code", { email }, headers));
  const verify = (email: string, code: string, headers: Record<string, string> = {}) =>
    callWithHeaders(
      verifyCode,
      request("POST", "/api/auth/email/verify", { email, code }, headers),
    );
  /** The code of the newest mail to `email`, read from the outbox. */
  async function mailedCode(email: string): Promise<string> {
    const [mail] = await t
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /sign-in code is (\d{6})/.exec(mail?.text ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
  /** Signs in by email code; answers the session cookie. */
  async function emailSignIn(email: string, headers: Record<string, string> = {}) {
    expect((await askCode(email)).status).toBe(200);
    const r = await verify(email, await mailedCode(email), headers);
    expect(r.status).toBe(200);
    return { cookie: cookieOf(r.setCookie), body: r.body };
  }
  const withCookie = (cookie: string) => ({ cookie });
  async function register(cookie: string, wallet: PrivateKeyAccount, accountId: number) {
    const timestamp = Date.now();
    const message = buildEmbeddedWalletMessage({
      accountId,
      address: wallet.address,
      timestamp,
      chainId: 31337,
    });
    return callWithHeaders(
      registerEmbedded,
      request(
        "POST",
        "/api/auth/account/embedded",
        { address: wallet.address, signature: await wallet.signMessage({ message }), timestamp },
        withCookie(cookie),
      ),
    );
  }
  const accountOf = async (cookie: string) =>
    (await callWithHeaders(getAccount, getWithCookie("/api/auth/account", cookie))).body
      .account as { id: number; embeddedAddress: string | null; activeAddress: string | null };

  it("mails a 6-digit code valid 10 minutes; the code opens an account session with that email", async () => {
    const r = await askCode(" Ada@Example.org ");
    expect(r.status).toBe(200);
    expect(r.body.email).toBe("ada@example.org");
    const ttl = Date.parse(r.body.expiresAt as string) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const code = await mailedCode("ada@example.org");
    // only a salted hash is stored
    const [row] = await t
      .db()
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.email, "ada@example.org"));
    expect(row!.codeHash).not.toContain(code);

    const ok = await verify("ada@example.org", code);
    expect(ok.status).toBe(200);
    expect(ok.setCookie).toMatch(/^lending_session=[0-9a-f]{64}; .*HttpOnly; SameSite=Lax/);
    expect(ok.body.session).toMatchObject({ kind: "email", address: null });
    expect(ok.body.account).toMatchObject({
      email: "ada@example.org",
      embeddedAddress: null,
      hasBackup: false,
    });
    // used once
    expectError(await verify("ada@example.org", code), 409, /already used/);
  });

  it("refuses a wrong code with the tries left, voids the code at the 5th, and refuses an expired one", async () => {
    const sessionsBefore = (await t.db().select().from(sessions)).length;
    await askCode("bob@example.org");
    const code = await mailedCode("bob@example.org");
    const wrong = code === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) {
      expectError(await verify("bob@example.org", wrong), 400, new RegExp(`${left} tr`));
    }
    expectError(await verify("bob@example.org", wrong), 410, /void/);
    // the right code no longer works: brute force ends after 5 tries
    expectError(await verify("bob@example.org", code), 410, /void/);
    expect(await t.db().select().from(sessions)).toHaveLength(sessionsBefore);

    await askCode("cy@example.org");
    const late = await mailedCode("cy@example.org");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expectError(await verify("cy@example.org", late), 410, /expired/);
  });

  it("sends at most 3 codes per address in 15 minutes: the 4th is a 429 with Retry-After, and sends nothing", async () => {
    for (let i = 0; i < 3; i++) expect((await askCode("dan@example.org")).status).toBe(200);
    const before = await databaseFingerprint(t.db());
    const response = await requestCode(
      request("POST", "/api/auth/email/code", { email: "dan@example.org" }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // another address is not affected
    expect((await askCode("eve@example.org")).status).toBe(200);
  });

  it("sends at most 12 codes per address in a day, whatever the pace", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let i = 0; i < 12; i++) {
      vi.setSystemTime(start + i * 16 * 60_000);
      await t.db().delete(rateLimits);
      expect((await askCode("gil@example.org")).status).toBe(200);
    }
    vi.setSystemTime(start + 12 * 16 * 60_000);
    const r = await askCode("gil@example.org");
    expectError(r, 429, /Too many sign-in codes/);
    // the first of the 12 leaves the day at start + 24 h
    expect(Number(r.body.retryAfter)).toBeGreaterThan((24 * 60 - 12 * 16) * 60 - 5);
  });

  it("refuses cross-site sign-in requests (CSRF) and bad bodies without changing anything", async () => {
    const before = await databaseFingerprint(t.db());
    expectError(
      await askCode("x@example.org", { origin: "https://evil.example" }),
      403,
      /Cross-site/,
    );
    expectError(await verify("x@example.org", "123456", { origin: "https://evil.example" }), 403);
    expectError(await askCode("not an email"), 400, /email/);
    expectError(await verify("x@example.org", "12345"), 400, /6-digit/);
    expect(await databaseFingerprint(t.db())).toEqual(before);
  });

  it("never promotes a session id planted before sign-in (session fixation) and ends it", async () => {
    const planted = await signIn(newAccount());
    const { cookie } = await emailSignIn("fay@example.org", { cookie: planted });
    expect(cookie).not.toBe(planted);
    const old = await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", planted));
    expect(old.body.session).toBeNull();
    const fresh = await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookie));
    expect(fresh.body.session).toMatchObject({ kind: "email" });
  });

  it("registers the embedded wallet by its signature; it becomes the active wallet; only once", async () => {
    const { cookie, body } = await emailSignIn("gus@example.org");
    const accountId = (body.account as { id: number }).id;
    const wallet = newAccount();
    // signed by another key: refused
    const timestamp = Date.now();
    const message = buildEmbeddedWalletMessage({
      accountId,
      address: wallet.address,
      timestamp,
      chainId: 31337,
    });
    const forged = await callWithHeaders(
      registerEmbedded,
      request(
        "POST",
        "/api/auth/account/embedded",
        {
          address: wallet.address,
          signature: await newAccount().signMessage({ message }),
          timestamp,
        },
        withCookie(cookie),
      ),
    );
    expectError(forged, 401, /Invalid signature/);
    expect((await register(cookie, wallet, accountId)).status).toBe(200);
    const account = await accountOf(cookie);
    expect(account.embeddedAddress).toBe(wallet.address.toLowerCase());
    expect(account.activeAddress).toBe(wallet.address.toLowerCase());
    // the session now speaks for the embedded wallet: its personal data is readable
    const tickets = await callWithHeaders(
      loanTickets,
      getWithCookie(
        `/api/loan-tickets?chainId=31337&userAddress=${wallet.address.toLowerCase()}`,
        cookie,
      ),
    );
    expect(tickets.status).toBe(200);
    expectError(
      await register(cookie, newAccount(), accountId),
      409,
      /already has an embedded wallet/,
    );
    // without an account session
    expectError(await register("", newAccount(), accountId), 401, /Sign in with email or Google/);
  });

  it("stores a backup signed by the embedded wallet, answers it only to its own account, refuses weak ones", async () => {
    const a = await emailSignIn("hal@example.org");
    const aId = (a.body.account as { id: number }).id;
    const aWallet = newAccount();
    await register(a.cookie, aWallet, aId);
    const b = await emailSignIn("ivy@example.org");
    const bId = (b.body.account as { id: number }).id;
    await register(b.cookie, newAccount(), bId);

    const put = async (
      cookie: string,
      backup: RecoveryBackup,
      signer: PrivateKeyAccount,
      accountId: number,
    ) => {
      const timestamp = Date.now();
      const message = buildWalletBackupMessage({
        accountId,
        address: backup.address,
        digest: backupDigest(backup),
        timestamp,
        chainId: 31337,
      });
      return callWithHeaders(
        putBackup,
        request(
          "PUT",
          "/api/auth/account/backup",
          { backup, signature: await signer.signMessage({ message }), timestamp },
          withCookie(cookie),
        ),
      );
    };
    expectError(await put(a.cookie, backupOf(aWallet.address, 1_024), aWallet, aId), 400, /64 MiB/);
    // a stolen session alone cannot replace the backup: the embedded key must sign it
    expectError(await put(a.cookie, backupOf(aWallet.address), newAccount(), aId), 401);
    expect((await put(a.cookie, backupOf(aWallet.address), aWallet, aId)).status).toBe(200);

    const mine = await callWithHeaders(
      getBackup,
      getWithCookie("/api/auth/account/backup", a.cookie),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.backup).toEqual({
      ...backupOf(aWallet.address),
      address: aWallet.address.toLowerCase(),
    });
    // B's session never gets A's ciphertext, whatever it asks
    const other = await callWithHeaders(
      getBackup,
      getWithCookie(`/api/auth/account/backup?accountId=${aId}`, b.cookie),
    );
    expectError(other, 404, /no recovery backup/);
    expectError(
      await callWithHeaders(getBackup, getWithCookie("/api/auth/account/backup", "")),
      401,
    );
    // a cookie used 10 minutes after its sign-in does not get the ciphertext any more
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expectError(
      await callWithHeaders(getBackup, getWithCookie("/api/auth/account/backup", a.cookie)),
      403,
      /within 10 minutes of a sign-in/,
    );
    vi.useRealTimers();
    const stored = await t.db().select().from(walletBackups);
    expect(stored.map((s) => s.accountId)).toEqual([aId]);
  });

  it("links a wallet by its signature and switches the active wallet; a wallet not linked is refused", async () => {
    const { cookie, body } = await emailSignIn("jon@example.org");
    const accountId = (body.account as { id: number }).id;
    const embedded = newAccount();
    await register(cookie, embedded, accountId);
    const external = newAccount();
    const active = (address: string) =>
      callWithHeaders(
        setActive,
        request("PUT", "/api/auth/account/active", { address }, withCookie(cookie)),
      );
    expectError(await active(external.address), 403, /not linked/);

    const timestamp = Date.now();
    const message = buildLinkWalletMessage({
      accountId,
      address: external.address,
      timestamp,
      chainId: 31337,
    });
    const link = (signature: string) =>
      callWithHeaders(
        linkWallet,
        request(
          "POST",
          "/api/auth/account/wallets",
          { address: external.address, signature, timestamp },
          withCookie(cookie),
        ),
      );
    expectError(await link(await embedded.signMessage({ message })), 401);
    const linked = await link(await external.signMessage({ message }));
    expect(linked.status).toBe(200);
    // the same signed request cannot be replayed
    expectError(await link(await external.signMessage({ message })), 409);
    const wallets = await t
      .db()
      .select()
      .from(accountWallets)
      .where(eq(accountWallets.accountId, accountId));
    expect(wallets.map((w) => [w.address, w.kind]).sort()).toEqual(
      [
        [embedded.address.toLowerCase(), "embedded"],
        [external.address.toLowerCase(), "linked"],
      ].sort(),
    );

    const switched = await active(external.address);
    expect(switched.status).toBe(200);
    expect(switched.body.session).toMatchObject({ address: external.address.toLowerCase() });
    // remembered for the next sign-in
    const again = await emailSignIn("jon@example.org");
    expect((await accountOf(again.cookie)).activeAddress).toBe(external.address.toLowerCase());
    const [row] = await t.db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(row!.activeAddress).toBe(external.address.toLowerCase());

    // unlinked: neither session speaks for it any more; the embedded wallet is active again
    const unlink = (address: string, c = cookie) =>
      callWithHeaders(
        unlinkWallet,
        request("DELETE", `/api/auth/account/wallets?address=${address}`, undefined, withCookie(c)),
      );
    expectError(await unlink(embedded.address), 409, /embedded wallet cannot be unlinked/);
    expect((await unlink(external.address)).status).toBe(200);
    expectError(await unlink(external.address), 403, /not linked/);
    for (const c of [cookie, again.cookie]) {
      expect((await accountOf(c)).activeAddress).toBe(embedded.address.toLowerCase());
      const personal = await callWithHeaders(
        loanTickets,
        getWithCookie(
          `/api/loan-tickets?chainId=31337&userAddress=${external.address.toLowerCase()}`,
          c,
        ),
      );
      expectError(personal, 403);
    }
  });

  it("an email user's wallet starts its KYC with the account's confirmed email (not 'No Email')", async () => {
    const { cookie, body } = await emailSignIn("kyc.user@example.org");
    const accountId = (body.account as { id: number }).id;
    const wallet = newAccount();
    await register(cookie, wallet, accountId);
    const token = "ab".repeat(24);
    await t
      .db()
      .insert(kycSessions)
      .values({
        token,
        address: wallet.address.toLowerCase(),
        isIndividual: true,
        expiresAt: new Date(Date.now() + 60_000),
      });
    const info = await (await localKycProvider()).submit({ session: token, fullName: "Kay" });
    expect(info).toMatchObject({ status: "Active", email: "kyc.user@example.org" });
    // a wallet of no account still ends 'No Email' without an email
    const loner = newAccount();
    const other = "cd".repeat(24);
    await t
      .db()
      .insert(kycSessions)
      .values({
        token: other,
        address: loner.address.toLowerCase(),
        isIndividual: true,
        expiresAt: new Date(Date.now() + 60_000),
      });
    expect(
      await (await localKycProvider()).submit({ session: other, fullName: "Lone" }),
    ).toMatchObject({
      status: "No Email",
    });
  });

  describe("Google (OpenID Connect against a local mock issuer)", () => {
    const issuer = new OAuth2Server();
    let sub = "google-user-1";
    let email = "kim@example.org";
    beforeAll(async () => {
      await issuer.issuer.keys.generate("RS256");
      await issuer.start(0, "127.0.0.1");
      issuer.service.on("beforeTokenSigning", (token) => {
        token.payload.sub = sub;
        token.payload.email = email;
        token.payload.email_verified = true;
      });
      process.env.GOOGLE_CLIENT_ID = "test-client";
      process.env.GOOGLE_CLIENT_SECRET = "test-secret";
      process.env.GOOGLE_ISSUER = issuer.issuer.url!;
    });
    afterAll(async () => {
      delete process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_CLIENT_SECRET;
      delete process.env.GOOGLE_ISSUER;
      await issuer.stop();
    });

    /** Starts a sign-in; follows the issuer's authorize redirect; answers the callback URL and cookie. */
    async function throughGoogle(returnTo = "/portfolio") {
      const start = await googleStart(
        new Request(`${BASE}/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`),
        { params: Promise.resolve({}) },
      );
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.origin).toBe(issuer.issuer.url);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${BASE}/api/auth/google/callback`);
      expect(authorize.searchParams.get("nonce")).toBeTruthy();
      const stateCookie = cookieOf(start.headers.get("set-cookie"));
      expect(start.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
      const back = await fetch(authorize, { redirect: "manual" });
      const callback = new URL(back.headers.get("location")!);
      return { callback, stateCookie };
    }
    const finish = (callback: URL, cookie: string) =>
      googleCallback(
        new Request(`${BASE}${callback.pathname}${callback.search}`, { headers: { cookie } }),
        {
          params: Promise.resolve({}),
        },
      );

    it("signs in with code + PKCE and a checked ID token, then redirects back with a session", async () => {
      const { callback, stateCookie } = await throughGoogle();
      const done = await finish(callback, stateCookie);
      expect(done.status).toBe(303);
      const location = new URL(done.headers.get("location")!);
      expect(location.pathname).toBe("/portfolio");
      expect(location.searchParams.get("signin")).toBe("google");
      const session = /lending_session=[0-9a-f]{64}/.exec(
        done.headers.get("set-cookie") ?? "",
      )?.[0];
      expect(session).toBeTruthy();
      const account = await accountOf(session!);
      expect(account).toMatchObject({ google: true, email: "kim@example.org" });
      // the flow is used up: replaying the callback fails
      const replay = await finish(callback, stateCookie);
      expect(new URL(replay.headers.get("location")!).searchParams.get("signinError")).toBe(
        "expired",
      );
      expect(
        await t
          .db()
          .select()
          .from(oauthFlows)
          .where(eq(oauthFlows.stateHash, sha256(callback.searchParams.get("state")!))),
      ).toHaveLength(0);
    });

    it("refuses a callback whose state is not this browser's (login CSRF) and opens no session", async () => {
      sub = "google-user-2";
      email = "lee@example.org";
      const { callback } = await throughGoogle();
      const before = (await t.db().select().from(sessions)).length;
      const other = await throughGoogle();
      const done = await finish(callback, other.stateCookie);
      expect(done.status).toBe(303);
      expect(new URL(done.headers.get("location")!).searchParams.get("signinError")).toBe("state");
      expect(done.headers.get("set-cookie")).not.toMatch(/lending_session=[0-9a-f]/);
      expect((await t.db().select().from(sessions)).length).toBe(before);
    });

    it("joins an email account only when Google owns the address (Gmail or Workspace), never on a verified foreign address", async () => {
      const byEmail = async (email: string) => {
        const [row] = await t.db().select().from(accounts).where(eq(accounts.email, email));
        return row!;
      };
      await emailSignIn("ann@example.org");
      await emailSignIn("ben@gmail.com");
      const foreign = await accountForGoogle(t.db(), {
        sub: "g-ann",
        email: "ann@example.org",
        emailOwned: false,
      });
      expect(foreign).not.toBe((await byEmail("ann@example.org")).id);
      expect((await byEmail("ann@example.org")).googleSub).toBeNull();
      const gmail = await accountForGoogle(t.db(), {
        sub: "g-ben",
        email: "ben@gmail.com",
        emailOwned: true,
      });
      expect(gmail).toBe((await byEmail("ben@gmail.com")).id);
      // the same user signing in twice at once gets one account
      const twice = await Promise.all([
        accountForGoogle(t.db(), { sub: "g-new", email: "new@gmail.com", emailOwned: true }),
        accountForGoogle(t.db(), { sub: "g-new", email: "new@gmail.com", emailOwned: true }),
      ]);
      expect(twice[0]).toBe(twice[1]);
      expect(ownsEmail({ email: "x@gmail.com", email_verified: true })).toBe(true);
      expect(ownsEmail({ email: "x@corp.example", email_verified: true, hd: "corp.example" })).toBe(
        true,
      );
      expect(ownsEmail({ email: "x@corp.example", email_verified: true })).toBe(false);
      expect(ownsEmail({ email: "x@gmail.com", email_verified: false })).toBe(false);
    });

    it("is hidden when unconfigured: the start is a 404 JSON error", async () => {
      const id = process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_CLIENT_SECRET;
      try {
        const r = await callWithHeaders(googleStart, new Request(`${BASE}/api/auth/google`));
        expectError(r, 404, /not configured/);
      } finally {
        process.env.GOOGLE_CLIENT_ID = id;
        process.env.GOOGLE_CLIENT_SECRET = "test-secret";
      }
    });
  });
});
