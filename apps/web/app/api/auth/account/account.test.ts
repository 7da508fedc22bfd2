// @vitest-environment node
import { createHash } from "node:crypto";
import {
  buildEmbeddedWalletMessage,
  buildLinkWalletMessage,
  buildWalletBackupMessage,
} from "@lending/sdk";
import { desc, eq, like } from "drizzle-orm";
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
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { callWithHeaders, cookieOf, getWithCookie, signIn } from "@/server/test/session";
import { GET as loanTickets } from "../../loan-tickets/route";
import { POST as requestCode } from "../email/code/route";
import { POST as verifyCode } from "../email/verify/route";
import { GET as googleCallback } from "../google/callback/route";
import { GET as googleStart } from "../google/route";
import { POST as signOutEverywhere } from "../session/everywhere/route";
import { DELETE as signOutHere, GET as whoAmI } from "../session/route";
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

  /** The client IP a request comes from (each address its own unless a test says otherwise). */
  const ipOf = (email: string) => {
    const h = createHash("sha256").update(email.trim().toLowerCase()).digest();
    return `10.${h[0]}.${h[1]}.${h[2]}`;
  };
  const from = (ip: string) => ({ [PEER_ADDRESS_HEADER]: ip });
  const askCode = (email: string, headers: Record<string, string> = {}) =>
    callWithHeaders(
      requestCode,
      request("POST", "/api/auth/email/code", { email }, { ...from(ipOf(email)), ...headers }),
    );
  const verify = (email: string, code: string, headers: Record<string, string> = {}) =>
    callWithHeaders(
      verifyCode,
      request(
        "POST",
        "/api/auth/email/verify",
        { email, code },
        { ...from(ipOf(email)), ...headers },
      ),
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
  let signIns = 0;
  async function emailSignIn(email: string, headers: Record<string, string> = {}) {
    // each sign-in from its own network (one IP asks for one address at most once a minute)
    signIns++;
    const network = from(`10.250.${signIns >> 8}.${signIns & 255}`);
    expect((await askCode(email, network)).status).toBe(200);
    const r = await verify(email, await mailedCode(email), { ...network, ...headers });
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

  it("a stranger's wrong guesses never void the owner's code: 5 tries per IP and address, then 429", async () => {
    const sessionsBefore = (await t.db().select().from(sessions)).length;
    await askCode("bob@example.org");
    const code = await mailedCode("bob@example.org");
    const wrong = code === "000000" ? "111111" : "000000";
    const stranger = from("203.0.113.7");
    for (const left of [4, 3, 2, 1, 0]) {
      expectError(await verify("bob@example.org", wrong, stranger), 400, new RegExp(`${left} tr`));
    }
    // the stranger is stopped, even with the right code: brute force ends after 5 tries
    const stopped = await verify("bob@example.org", code, stranger);
    expectError(stopped, 429, /^Too many sign-in code tries from this network/);
    expect(await t.db().select().from(sessions)).toHaveLength(sessionsBefore);
    // the owner's code was never voided: it signs in from the owner's network
    expect((await verify("bob@example.org", code)).status).toBe(200);

    await askCode("cy@example.org");
    const late = await mailedCode("cy@example.org");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expectError(await verify("cy@example.org", late), 410, /expired/);
  });

  it("a guessing flood from one IP over many addresses is cut at 30 tries an hour", async () => {
    const flood = from("203.0.113.8");
    for (let i = 0; i < 30; i++) {
      const r = await verify(`victim${i}@example.org`, "123456", flood);
      expect(r.status).toBe(404); // no code pending: the try is counted all the same
    }
    // (the per-minute limit of every write is not what stops it)
    await t.db().delete(rateLimits).where(like(rateLimits.key, "ip:%"));
    const before = await databaseFingerprint(t.db());
    expectError(await verify("victim30@example.org", "123456", flood), 429, /tries/);
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // another network still verifies
    expectError(await verify("victim30@example.org", "123456"), 404);
    // and 100 tries a day per IP: a network that used them up waits for the next day
    const now = Date.now();
    await t
      .db()
      .insert(rateLimits)
      .values({
        key: "login-guess-day:ip:203.0.113.12",
        windowStart: new Date(now - (now % 86_400_000)),
        count: 100,
      });
    expectError(await verify("victim0@example.org", "123456", from("203.0.113.12")), 429, /tries/);
  });

  it("a stranger asking for codes never cancels the owner's code; signing in ends the others", async () => {
    await askCode("owner@example.org");
    const owners = await mailedCode("owner@example.org");
    // a stranger (another network) asks for a code for the same address right after
    expect((await askCode("owner@example.org", from("203.0.113.9"))).status).toBe(200);
    const strangers = await mailedCode("owner@example.org");
    expect((await verify("owner@example.org", owners)).status).toBe(200);
    // the sign-in ended the other pending code
    if (strangers !== owners) {
      expectError(await verify("owner@example.org", strangers), 410, /expired/);
    }
    // a code that signed in was the owner's: the owner may ask again at once (another device)
    expect((await askCode("owner@example.org")).status).toBe(200);
  });

  it("a code-request flood cannot lock the owner out: one IP gets 1 a minute, 3 in 15 minutes, 10 a day per address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const attacker = from("203.0.113.10");
    expect((await askCode("dan@example.org", attacker)).status).toBe(200);
    const soon = await askCode("dan@example.org", attacker);
    expectError(soon, 429, /^A sign-in code was just sent to this email: wait a minute/);
    expect(Number(soon.body.retryAfter)).toBeLessThanOrEqual(60);
    vi.setSystemTime(start + 61_000);
    expect((await askCode("dan@example.org", attacker)).status).toBe(200);
    vi.setSystemTime(start + 122_000);
    expect((await askCode("dan@example.org", attacker)).status).toBe(200);
    vi.setSystemTime(start + 183_000);
    const before = await databaseFingerprint(t.db());
    const fourth = await askCode("dan@example.org", attacker);
    expectError(fourth, 429, /^Too many sign-in codes for this email/);
    expect(Number(fourth.body.retryAfter)).toBeGreaterThan(11 * 60);
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // the owner, on another network, still gets a code at once
    expect((await askCode("dan@example.org")).status).toBe(200);
    // over a day one IP sends at most 10 codes to an address, whatever the pace
    for (let i = 0; i <= 10; i++) {
      vi.setSystemTime(start + (i + 1) * 16 * 60_000);
      await t.db().delete(rateLimits);
      const r = await askCode("gil@example.org", attacker);
      if (i < 10) expect(r.status).toBe(200);
      else expectError(r, 429, /^Too many sign-in codes for this email/);
    }
  });

  it("strangers filling an address's hourly cap (20) never stop the owner's first 3 codes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    // 7 networks send 3 codes each to the address in its hour: the cap of 20 is reached
    let sent = 0;
    for (let n = 0; n < 7; n++) {
      for (let k = 0; k < 3; k++) {
        vi.setSystemTime(start + k * 61_000 + n);
        const r = await askCode("fill@example.org", from(`198.51.100.${n}`));
        if (r.status === 200) sent++;
      }
    }
    expect(sent).toBe(21); // each network's first 3 of the hour are always served
    // a stranger who already had 3 this hour is refused by the cap after its 15 minutes
    vi.setSystemTime(start + 16 * 60_000);
    expectError(await askCode("fill@example.org", from("198.51.100.0")), 429, /Too many/);
    // the owner's network still gets its codes (one a minute)
    expect((await askCode("fill@example.org")).status).toBe(200);
    vi.setSystemTime(start + 17 * 60_000);
    expect((await askCode("fill@example.org")).status).toBe(200);
  });

  it("one IP makes the server mail at most 20 sign-in codes an hour, and the server 2,000 in all", async () => {
    const bomber = from("203.0.113.11");
    for (let i = 0; i < 20; i++) {
      expect((await askCode(`bomb${i}@example.org`, bomber)).status).toBe(200);
    }
    const before = await databaseFingerprint(t.db());
    expectError(
      await askCode("bomb20@example.org", bomber),
      429,
      /^Too many sign-in codes asked from this network/,
    );
    expect(await databaseFingerprint(t.db())).toEqual(before);
    // the global counter: once 2,000 codes went out this hour, no one gets one until it ends
    const now = Date.now();
    const hour = 60 * 60_000;
    await t
      .db()
      .insert(rateLimits)
      .values({ key: "login-code:all", windowStart: new Date(now - (now % hour)), count: 2_000 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: 2_000 },
      });
    expectError(await askCode("late@example.org"), 429);
    expect(
      await t.db().select().from(loginCodes).where(eq(loginCodes.email, "late@example.org")),
    ).toEqual([]);
  });

  it("sign out everywhere ends every session of the account, and only of that account", async () => {
    const phone = await emailSignIn("sue@example.org");
    const laptop = await emailSignIn("sue@example.org");
    // the same person's wallet session (Sign-In with Ethereum) and a stranger's account
    const walletSession = await signIn(newAccount());
    const stranger = await emailSignIn("tom@example.org");
    const live = async (cookie: string) =>
      (await callWithHeaders(whoAmI, getWithCookie("/api/auth/session", cookie))).body.session;
    expect(await live(phone.cookie)).toBeTruthy();
    expect(await live(laptop.cookie)).toBeTruthy();

    // without a session: 401; from another site: 403; a form body: 415; nothing ended
    const everywhere = (headers: Record<string, string>) =>
      callWithHeaders(
        signOutEverywhere,
        request("POST", "/api/auth/session/everywhere", undefined, headers),
      );
    expectError(await everywhere({}), 401);
    expectError(await everywhere({ cookie: phone.cookie, origin: "https://evil.example" }), 403);
    expectError(
      await everywhere({
        cookie: phone.cookie,
        "content-type": "application/x-www-form-urlencoded",
      }),
      415,
    );
    expect(await live(phone.cookie)).toBeTruthy();

    const done = await everywhere({ cookie: phone.cookie });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ session: null, ended: 2 });
    expect(done.setCookie).toMatch(/Max-Age=0/);
    expect(await live(phone.cookie)).toBeNull();
    expect(await live(laptop.cookie)).toBeNull();
    // other signers keep their sessions
    expect(await live(walletSession)).toBeTruthy();
    expect(await live(stranger.cookie)).toBeTruthy();
    // a wallet session signs out everywhere for that wallet only
    const again = await everywhere({ cookie: walletSession });
    expect(again.body).toEqual({ session: null, ended: 1 });
    expect(await live(stranger.cookie)).toBeTruthy();
    // a flood is rate limited like every write (30 a minute per IP)
    await t.db().delete(rateLimits);
    const flood = await Promise.all(Array.from({ length: 31 }, () => everywhere({})));
    expect(flood.filter((r) => r.status === 429)).toHaveLength(1);
    expect(flood.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // plain sign-out still ends only this browser's session
    await t.db().delete(rateLimits);
    const one = await emailSignIn("uma@example.org");
    const two = await emailSignIn("uma@example.org");
    await callWithHeaders(
      signOutHere,
      request("DELETE", "/api/auth/session", undefined, { cookie: one.cookie }),
    );
    expect(await live(one.cookie)).toBeNull();
    expect(await live(two.cookie)).toBeTruthy();
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
    }, 60_000); // an RSA key and a server start: over the default 10 s on a loaded machine
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

    /** Signs in through the mock issuer as (sub, email); answers the session cookie. */
    async function googleSignIn(asSub: string, asEmail: string) {
      sub = asSub;
      email = asEmail;
      const { callback, stateCookie } = await throughGoogle();
      const done = await finish(callback, stateCookie);
      const cookie = /lending_session=[0-9a-f]{64}/.exec(done.headers.get("set-cookie") ?? "")?.[0];
      if (!cookie) throw new Error(`Google sign-in failed: ${done.headers.get("location")}`);
      return cookie;
    }
    /** Gives the account an embedded wallet and a recovery backup. */
    async function withBackup(cookie: string, accountId: number) {
      const wallet = newAccount();
      expect((await register(cookie, wallet, accountId)).status).toBe(200);
      const backup = backupOf(wallet.address);
      const timestamp = Date.now();
      const message = buildWalletBackupMessage({
        accountId,
        address: backup.address,
        digest: backupDigest(backup),
        timestamp,
        chainId: 31337,
      });
      const put = await callWithHeaders(
        putBackup,
        request(
          "PUT",
          "/api/auth/account/backup",
          { backup, signature: await wallet.signMessage({ message }), timestamp },
          withCookie(cookie),
        ),
      );
      expect(put.status).toBe(200);
    }
    const backupFor = (cookie: string) =>
      callWithHeaders(getBackup, getWithCookie("/api/auth/account/backup", cookie));

    it("an email account is never opened by a Google sign-in with the same email (Gmail included)", async () => {
      for (const [address, googleSub] of [
        ["ann@example.org", "g-ann"],
        ["ben@gmail.com", "g-ben"],
      ] as const) {
        const byEmail = await emailSignIn(address);
        const emailAccount = (byEmail.body.account as { id: number }).id;
        await withBackup(byEmail.cookie, emailAccount);
        const google = await googleSignIn(googleSub, address);
        const seen = await accountOf(google);
        expect(seen.id).not.toBe(emailAccount);
        expect(seen.embeddedAddress).toBeNull();
        // the email account's backup is not reachable by the Google session
        expectError(await backupFor(google), 404, /no recovery backup/);
        expect((await backupFor(byEmail.cookie)).status).toBe(200);
        const [row] = await t.db().select().from(accounts).where(eq(accounts.id, emailAccount));
        expect(row!.googleSub).toBeNull();
      }
    });

    it("a Google account is never opened by an email code sent to its email", async () => {
      const google = await googleSignIn("g-cat", "cat@example.org");
      const googleAccount = await accountOf(google);
      expect(googleAccount).toMatchObject({ google: true, email: "cat@example.org" });
      await withBackup(google, googleAccount.id);
      // whoever holds the mailbox signs in by code: a separate, empty account
      const byEmail = await emailSignIn("cat@example.org");
      const emailAccount = byEmail.body.account as { id: number; google: boolean };
      expect(emailAccount.id).not.toBe(googleAccount.id);
      expect(emailAccount.google).toBe(false);
      expectError(await backupFor(byEmail.cookie), 404, /no recovery backup/);
      // and the Google user still reaches its own account
      expect((await accountOf(await googleSignIn("g-cat", "cat@example.org"))).id).toBe(
        googleAccount.id,
      );
    });

    it("the same Google user signing in twice at once gets one account", async () => {
      const twice = await Promise.all([
        accountForGoogle(t.db(), { sub: "g-new", email: "new@gmail.com" }),
        accountForGoogle(t.db(), { sub: "g-new", email: "new@gmail.com" }),
      ]);
      expect(twice[0]).toBe(twice[1]);
      expect(ownsEmail({ email: "x@gmail.com", email_verified: true })).toBe(true);
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
