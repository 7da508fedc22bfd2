// @vitest-environment node
/**
 * Issue 28 item 4: the epoch mail setting (/api/epoch-mails) and the unsubscribe link
 * (/api/epoch-mails/unsubscribe) against the owner, a stranger, a second wallet of the same
 * person and a flood.
 */
import { describe, expect, it } from "vitest";
import { LOCAL_MAIL_LINK_SECRET } from "@/config/server";
import { accounts, accountWallets, epochMailOptOuts } from "@/server/db/schema";
import { unsubscribeToken } from "@/server/services/epoch-mails";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  pinRateLimitWindow,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { fromNewIp, getWithCookie, signIn } from "@/server/test/session";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { GET, PUT } from "./route";
import { POST as unsubscribe } from "./unsubscribe/route";

const put = (body: unknown, headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/epoch-mails", {
    method: "PUT",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", ...headers },
    body: JSON.stringify(body),
  });

describe("/api/epoch-mails and its unsubscribe link (issue 28)", () => {
  const t = setupApiTestDatabase();

  it("the setting: only the wallet's own session reads or changes it; not a stranger, not the person's second wallet", async () => {
    const owner = newAccount();
    const stranger = newAccount();
    const second = newAccount();
    // the owner's two wallets under one account
    const [account] = await t
      .db()
      .insert(accounts)
      .values({ email: "ada@example.org" })
      .returning({ id: accounts.id });
    await t
      .db()
      .insert(accountWallets)
      .values([
        { accountId: account!.id, address: owner.address.toLowerCase(), kind: "embedded" },
        { accountId: account!.id, address: second.address.toLowerCase(), kind: "linked" },
      ]);
    const path = `/api/epoch-mails?user=${owner.address}`;
    expectError(await call(GET, getRequest(path, fromNewIp())), 401);
    const before = await databaseFingerprint(t.db());
    for (const who of [stranger, second]) {
      const cookie = await signIn(who);
      expectError(await call(GET, getWithCookie(path, cookie)), 403);
      expectError(
        await call(PUT, put({ user: owner.address, on: false }, { cookie, ...fromNewIp() })),
        403,
      );
    }
    expectError(await call(PUT, put({ user: owner.address, on: false }, fromNewIp())), 401);
    // a cross-site request is refused before anything else
    const cookie = await signIn(owner);
    expectError(
      await call(
        PUT,
        put({ user: owner.address, on: false }, { cookie, origin: "https://evil.example" }),
      ),
      403,
    );
    // nothing changed by the refusals (the sign-ins wrote their sessions only)
    expect(await t.db().select().from(epochMailOptOuts)).toEqual([]);
    expect(Object.keys(await databaseFingerprint(t.db()))).toEqual(Object.keys(before));

    expect((await call(GET, getWithCookie(path, cookie))).body).toEqual({ on: true });
    const off = await call(
      PUT,
      put({ user: owner.address, on: false }, { cookie, ...fromNewIp() }),
    );
    expect(off).toMatchObject({ status: 200, body: { on: false } });
    expect((await call(GET, getWithCookie(path, cookie))).body).toEqual({ on: false });
    const on = await call(PUT, put({ user: owner.address, on: true }, { cookie, ...fromNewIp() }));
    expect(on).toMatchObject({ status: 200, body: { on: true } });
    expect(await t.db().select().from(epochMailOptOuts)).toEqual([]);
  });

  it("the unsubscribe link: its token turns epoch mails off for its address only, with no sign-in; a forged one changes nothing", async () => {
    const owner = newAccount();
    const other = newAccount();
    const token = unsubscribeToken(LOCAL_MAIL_LINK_SECRET, 31337, owner.address);
    const [address, sig] = token.split(".");
    const before = await t.db().select().from(epochMailOptOuts);
    for (const bad of [
      `${other.address.toLowerCase()}.${sig}`,
      `${address}.${"A".repeat(sig!.length)}`,
      unsubscribeToken("another-secret-of-at-least-32-characters!", 31337, owner.address),
      // the same address and secret, signed for another chain
      unsubscribeToken(LOCAL_MAIL_LINK_SECRET, 84532, owner.address),
      address!,
    ]) {
      expectError(
        await call(
          unsubscribe,
          postRequest("/api/epoch-mails/unsubscribe", { token: bad }, fromNewIp()),
        ),
        400,
        /^Invalid unsubscribe link$/,
      );
    }
    expect(await t.db().select().from(epochMailOptOuts)).toEqual(before);
    const ok = await call(
      unsubscribe,
      postRequest("/api/epoch-mails/unsubscribe", { token }, fromNewIp()),
    );
    expect(ok).toEqual({ status: 200, body: { unsubscribed: true } });
    // used twice (a second click): the same answer, one opt-out
    await call(unsubscribe, postRequest("/api/epoch-mails/unsubscribe", { token }, fromNewIp()));
    const rows = await t.db().select().from(epochMailOptOuts);
    expect(rows.map((r) => r.owner)).toEqual([...before.map((r) => r.owner), address]);
  });

  it("a flood of unsubscribe calls or setting changes from one client gets 429 and writes nothing more", async () => {
    pinRateLimitWindow();
    const headers = { [PEER_ADDRESS_HEADER]: "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await call(
        unsubscribe,
        postRequest("/api/epoch-mails/unsubscribe", { token: `0x${"1".repeat(40)}.x` }, headers),
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);

    const owner = newAccount();
    const cookie = await signIn(owner);
    const flood: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await call(
        PUT,
        put({ user: owner.address, on: i % 2 === 0 }, { cookie, ...fromNewIp() }),
      );
      flood.push(r.status);
    }
    // per address: 30 a minute, whatever the IP
    expect(flood.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(flood.slice(30)).toEqual([429, 429]);
  });
});
