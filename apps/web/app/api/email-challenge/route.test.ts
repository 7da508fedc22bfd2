// @vitest-environment node
import { buildEmailChallengeMessage, buildEmailConfirmationMessage } from "@lending/sdk";
import { desc, eq, like } from "drizzle-orm";
import type { PrivateKeyAccount } from "viem/accounts";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailCodes, kycRecords, outbox, rateLimits, usedSignatures } from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { SMTP_TIMEOUT_MS } from "@/server/services/mail";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { GET as kycGet } from "../kyc/route";
import { POST as confirm } from "./confirm/route";
import { POST as challenge } from "./route";

describe("/api/email-challenge and /api/email-challenge/confirm", () => {
  const t = setupApiTestDatabase();
  // every request here comes from one IP: each test starts with fresh rate-limit windows
  beforeEach(async () => {
    await t.db().delete(rateLimits);
  });
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.SMTP_URL;
  });

  async function verified(account: PrivateKeyAccount, email: string | null = null) {
    await t
      .db()
      .insert(kycRecords)
      .values({
        address: account.address.toLowerCase(),
        status: email ? "Active" : "No Email",
        entityType: "individual",
        fullName: "Ada Lovelace",
        email,
        provider: "local",
      });
  }

  async function challengeBody(account: PrivateKeyAccount, email: string, chainId = 31337) {
    const timestamp = Date.now();
    const signature = await account.signMessage({
      message: buildEmailChallengeMessage({ address: account.address, email, timestamp, chainId }),
    });
    return { address: account.address, email, signature, timestamp };
  }

  async function confirmBody(account: PrivateKeyAccount, email: string, code: string) {
    const timestamp = Date.now();
    const signature = await account.signMessage({
      message: buildEmailConfirmationMessage({
        address: account.address,
        email,
        timestamp,
        chainId: 31337,
      }),
    });
    return { address: account.address, email, code, signature, timestamp };
  }

  /** The code in the newest mail to `email`. */
  async function mailedCode(email: string): Promise<string> {
    const [mail] = await t
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /confirmation code is (\d{6})\b/.exec(mail?.text ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  const kycOf = async (account: PrivateKeyAccount) =>
    (
      await t
        .db()
        .select()
        .from(kycRecords)
        .where(eq(kycRecords.address, account.address.toLowerCase()))
    )[0];
  const signaturesOf = async (account: PrivateKeyAccount) =>
    (
      await t
        .db()
        .select()
        .from(usedSignatures)
        .where(eq(usedSignatures.address, account.address.toLowerCase()))
    ).map((s) => s.purpose);
  const codesOf = async (account: PrivateKeyAccount) =>
    t.db().select().from(emailCodes).where(eq(emailCodes.address, account.address.toLowerCase()));

  it("mails a 6-digit code and changes nothing until the signed code confirms the email", async () => {
    const user = newAccount();
    await verified(user);
    const email = "ada@example.org";
    const r = await call(
      challenge,
      postRequest("/api/email-challenge", await challengeBody(user, "Ada@Example.org")),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ address: user.address.toLowerCase(), email });
    expect(Date.parse(r.body.expiresAt as string) - Date.now()).toBeGreaterThan(9 * 60_000);
    // the email is not set yet: still 'No Email'
    expect(await kycOf(user)).toMatchObject({ status: "No Email", email: null });
    const code = await mailedCode(email);
    const [mail] = await t.db().select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toMatchObject({ from: "no-reply@localhost", transport: "outbox" });
    expect(mail!.text).toContain("no-reply@localhost");
    // stored hashed, never in clear
    const [stored] = await codesOf(user);
    expect(stored!.codeHash).not.toContain(code);

    const body = await confirmBody(user, email, code);
    const done = await call(confirm, postRequest("/api/email-challenge/confirm", body));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "Active", email });
    expect(await kycOf(user)).toMatchObject({ status: "Active", email });
    expect(await signaturesOf(user)).toEqual(["email-challenge", "email-confirm"]);
    // the code is used: the same request again changes nothing
    expectError(
      await call(confirm, postRequest("/api/email-challenge/confirm", body)),
      404,
      /No confirmation code is pending/,
    );
    expect(await signaturesOf(user)).toEqual(["email-challenge", "email-confirm"]);
  });

  it("voids a code after 5 wrong tries; nothing but the try count is written", async () => {
    const user = newAccount();
    await verified(user, "old@example.org");
    const email = "new@example.org";
    expect(
      (await call(challenge, postRequest("/api/email-challenge", await challengeBody(user, email))))
        .status,
    ).toBe(200);
    const code = await mailedCode(email);
    const wrong = code === "000000" ? "000001" : "000000";
    // one signed confirmation, retried with each wrong code: a failure does not consume it
    const body = await confirmBody(user, email, wrong);
    for (const left of [4, 3, 2, 1]) {
      expectError(
        await call(confirm, postRequest("/api/email-challenge/confirm", body)),
        400,
        new RegExp(`^Wrong confirmation code: ${left} tr(y|ies) left$`),
      );
    }
    expectError(
      await call(confirm, postRequest("/api/email-challenge/confirm", body)),
      410,
      /^Too many wrong codes: this code is void, ask for a new one$/,
    );
    // now even the right code is refused
    expectError(
      await call(confirm, postRequest("/api/email-challenge/confirm", { ...body, code })),
      410,
      /code is void/,
    );
    expect(await kycOf(user)).toMatchObject({ status: "Active", email: "old@example.org" });
    expect(await signaturesOf(user)).toEqual(["email-challenge"]);
    expect((await codesOf(user))[0]).toMatchObject({ attempts: 5, confirmedAt: null });
  });

  it("refuses an expired code (410) and a code for another email (404), writing nothing", async () => {
    const user = newAccount();
    await verified(user);
    const email = "late@example.org";
    await call(challenge, postRequest("/api/email-challenge", await challengeBody(user, email)));
    const code = await mailedCode(email);
    expectError(
      await call(
        confirm,
        postRequest(
          "/api/email-challenge/confirm",
          await confirmBody(user, "other@example.org", code),
        ),
      ),
      404,
      /No confirmation code is pending/,
    );
    await t
      .db()
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.address, user.address.toLowerCase()));
    const body = await confirmBody(user, email, code);
    expectError(
      await call(confirm, postRequest("/api/email-challenge/confirm", body)),
      410,
      /^This confirmation code has expired: ask for a new one$/,
    );
    expect(await kycOf(user)).toMatchObject({ status: "No Email", email: null });
    expect(await signaturesOf(user)).toEqual(["email-challenge"]);
    expect((await codesOf(user))[0]).toMatchObject({ attempts: 0, confirmedAt: null });
  });

  it("a 4th code for a wallet in 15 minutes is a 429 with Retry-After", async () => {
    const user = newAccount();
    await verified(user);
    for (const n of [1, 2, 3]) {
      const r = await call(
        challenge,
        postRequest("/api/email-challenge", await challengeBody(user, `try${n}@example.org`)),
      );
      expect(r.status).toBe(200);
    }
    const fourth = await challengeBody(user, "try4@example.org");
    const response = await challenge(postRequest("/api/email-challenge", fourth), {
      params: Promise.resolve({}),
    });
    const r = { status: response.status, body: JSON.parse(await response.text()) };
    expectError(r, 429, /^Too many confirmation codes for this address: try again in \d+ s$/);
    expect(r.body.retryAfter).toBeGreaterThan(14 * 60);
    expect(response.headers.get("retry-after")).toBe(String(r.body.retryAfter));
    // nothing written for the refused request: no code, no mail, signature still unused
    expect(await codesOf(user)).toHaveLength(3);
    expect(await t.db().select().from(outbox).where(eq(outbox.to, "try4@example.org"))).toEqual([]);
    expect(await signaturesOf(user)).toHaveLength(3);
    // only the newest code is live: an older one no longer confirms
    const older = await mailedCode("try1@example.org");
    expectError(
      await call(
        confirm,
        postRequest(
          "/api/email-challenge/confirm",
          await confirmBody(user, "try1@example.org", older),
        ),
      ),
      404,
    );
  });

  it("other wallets cannot block a wallet's email change: the address's hourly cap never refuses a wallet's first 3 codes", async () => {
    const target = "shared@example.org";
    let network = 0;
    // each wallet from its own network unless said otherwise
    const ask = async (account: PrivateKeyAccount, ip = `10.9.0.${++network}`) =>
      call(
        challenge,
        postRequest("/api/email-challenge", await challengeBody(account, target), {
          [PEER_ADDRESS_HEADER]: ip,
        }),
      );
    // wallet A uses up its 3 codes on the address
    const a = newAccount();
    await verified(a);
    for (let n = 0; n < 3; n++) expect((await ask(a)).status).toBe(200);
    expectError(await ask(a), 429);
    // 8 more wallets fill the address's hour (11 codes > 10)
    for (let n = 0; n < 8; n++) {
      const other = newAccount();
      await verified(other);
      expect((await ask(other)).status).toBe(200);
    }
    // the owner's wallet still gets its code, and confirms it
    const owner = newAccount();
    await verified(owner);
    expect((await ask(owner)).status).toBe(200);
    const code = await mailedCode(target);
    const confirmed = await call(
      confirm,
      postRequest("/api/email-challenge/confirm", await confirmBody(owner, target, code)),
    );
    expect(confirmed.status).toBe(200);
    expect(await kycOf(owner)).toMatchObject({ status: "Active", email: target });
    // a wallet past its own 3 in the hour is held to the address's cap (10 an hour)
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expectError(await ask(a), 429, /^Too many confirmation codes for this address/);
    vi.useRealTimers();
  });

  it("a flood of confirmation codes from one IP is cut at 30 an hour, whatever the wallets", async () => {
    const flood = { [PEER_ADDRESS_HEADER]: "203.0.113.20" };
    for (let n = 0; n < 30; n++) {
      await t.db().delete(rateLimits).where(like(rateLimits.key, "ip:%")); // not the per-minute rule
      const w = newAccount();
      await verified(w);
      const r = await call(
        challenge,
        postRequest("/api/email-challenge", await challengeBody(w, `bomb${n}@example.org`), flood),
      );
      expect(r.status).toBe(200);
    }
    const last = newAccount();
    await verified(last);
    expectError(
      await call(
        challenge,
        postRequest("/api/email-challenge", await challengeBody(last, "bomb30@example.org"), flood),
      ),
      429,
      /^Too many confirmation codes asked from this network/,
    );
    expect(await codesOf(last)).toEqual([]);
    expect(await signaturesOf(last)).toEqual([]);
  }, 30_000);

  it("concurrent requests never mail more than 3 codes", async () => {
    const user = newAccount();
    await verified(user);
    const bodies = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => challengeBody(user, `burst${n}@example.org`)),
    );
    const results = await Promise.all(
      bodies.map((b) => call(challenge, postRequest("/api/email-challenge", b))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await codesOf(user)).toHaveLength(3);
  });

  it("a mail failure leaves nothing written, and the same signed request can be retried", async () => {
    const user = newAccount();
    await verified(user);
    const email = "retry@example.org";
    const body = await challengeBody(user, email);
    process.env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there
    expectError(
      await call(challenge, postRequest("/api/email-challenge", body)),
      503,
      /^The confirmation email could not be sent: try again later$/,
    );
    expect(await codesOf(user)).toEqual([]);
    expect(await signaturesOf(user)).toEqual([]);
    expect(await t.db().select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
    expect(await kycOf(user)).toMatchObject({ status: "No Email", email: null });
    delete process.env.SMTP_URL;
    const retried = await call(challenge, postRequest("/api/email-challenge", body));
    expect(retried.status).toBe(200);
    expect(await codesOf(user)).toHaveLength(1);
  });

  it("a hanging SMTP relay holds no transaction: other requests answer, the challenge is a 503 in seconds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // accepts connections and never says a word
    const sockets: Socket[] = [];
    const tarpit = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => tarpit.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(tarpit.address() as AddressInfo).port}`;
    try {
      const user = newAccount();
      await verified(user);
      const body = await challengeBody(user, "slow@example.org");
      const before = await databaseFingerprint(t.db());
      const started = Date.now();
      const pending = call(challenge, postRequest("/api/email-challenge", body));
      await new Promise((resolve) => setTimeout(resolve, 500));
      // an unrelated request meanwhile (on PGlite a held transaction would block it)
      const unrelatedStart = Date.now();
      const unrelated = await call(
        kycGet,
        getRequest(`/api/kyc?userAddress=${newAccount().address}`),
      );
      expect(unrelated.status).toBe(200);
      expect(Date.now() - unrelatedStart).toBeLessThan(1_000);
      expectError(await pending, 503, /^The confirmation email could not be sent/);
      expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUT_MS + 3_000);
      expect(sockets.length).toBeGreaterThan(0);
      // nothing left changed: no code, no outbox row, the signature unused
      expect(await databaseFingerprint(t.db())).toEqual(before);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => tarpit.close(resolve));
    }
  }, 20_000);

  it("refuses bad input, other chains' and foreign signatures, and unverified wallets", async () => {
    const user = newAccount();
    const email = "who@example.org";
    // not verified: 404, nothing mailed
    expectError(
      await call(challenge, postRequest("/api/email-challenge", await challengeBody(user, email))),
      404,
      /no identity verification/,
    );
    await verified(user);
    const good = await challengeBody(user, email);
    for (const bad of [{ ...good, email: "not-an-email" }, { ...good, extra: 1 }, "{"]) {
      expectError(await call(challenge, postRequest("/api/email-challenge", bad)), 400);
    }
    expectError(
      await call(
        challenge,
        postRequest("/api/email-challenge", { ...good, email: "eve@example.org" }),
      ),
      401,
      /Invalid signature/,
    );
    expectError(
      await call(
        challenge,
        postRequest("/api/email-challenge", await challengeBody(user, email, 8453)),
      ),
      401,
      /Invalid signature/,
    );
    const c = await confirmBody(user, email, "123456");
    for (const bad of [
      { ...c, code: "12345" },
      { ...c, code: "abcdef" },
      { ...c, code: undefined },
    ]) {
      expectError(await call(confirm, postRequest("/api/email-challenge/confirm", bad)), 400);
    }
    expectError(
      await call(
        confirm,
        postRequest("/api/email-challenge/confirm", { ...c, email: "eve@example.org" }),
      ),
      401,
    );
    expect(await codesOf(user)).toEqual([]);
    expect(await signaturesOf(user)).toEqual([]);
    expect(await t.db().select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
  });
});
