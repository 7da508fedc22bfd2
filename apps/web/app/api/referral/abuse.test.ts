// @vitest-environment node
/**
 * Issue 24, finding 4: a referral pays only between two verified, different people, never in a
 * circle. Each test is named for the abuse it refuses; every refusal writes nothing.
 */
import { referralErrorText } from "@lending/sdk";
import type { LocalAccount } from "viem";
import { describe, expect, it } from "vitest";
import {
  accounts,
  accountWallets,
  kycRecords,
  referrals,
  usedSignatures,
} from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { localKycProvider } from "@/server/services/kyc";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  pinRateLimitWindow,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { fromNewIp, getWithCookie, signIn, signReferral } from "@/server/test/session";
import { GET, POST } from "./route";

describe("/api/referral abuse (issue 24)", () => {
  const t = setupApiTestDatabase();

  /** Verifies a wallet through the local provider's widget, then confirms its email by code. */
  async function verify(account: LocalAccount, person: { name: string; email?: string }) {
    const kyc = await localKycProvider();
    const { sessionId } = await kyc.startVerification({
      address: account.address,
      isIndividual: true,
    });
    const submitted = await kyc.submit({ session: sessionId, fullName: person.name });
    // the widget takes no email: it becomes the lender's through the code flow (issue 24 #7)
    return person.email ? kyc.updateEmail(account.address, person.email) : submitted;
  }

  const apply = async (owner: LocalAccount, referrer: LocalAccount, headers = fromNewIp()) =>
    call(
      POST,
      postRequest(
        "/api/referral?chainId=31337",
        {
          owner: owner.address,
          signature: await signReferral(owner, referrer.address),
          refferer: referrer.address,
        },
        headers,
      ),
    );

  const messageFor = (owner: LocalAccount, referrer: LocalAccount, headers = fromNewIp()) =>
    call(
      GET,
      getRequest(
        `/api/referral?chainId=31337&userAddress=${owner.address}&referralCode=${referrer.address}`,
        headers,
      ),
    );

  const referralRows = () => t.db().select().from(referrals);

  function expectRefused(
    r: { status: number; body: Record<string, unknown> },
    error: string,
    text: string | RegExp,
  ) {
    expectError(r, 409);
    expect(r.body.error).toBe(error);
    expect(r.body.message).toBe(error);
    expect(referralErrorText(error)).toMatch(text);
  }

  it("refuses a self-referral through a second wallet of the same KYC identity (same email)", async () => {
    const first = newAccount();
    const second = newAccount();
    const a = await verify(first, { name: "Ada Lovelace", email: "ada@example.org" });
    const b = await verify(second, { name: "A. Lovelace", email: "ADA@example.org" });
    // the local provider gives the person one identity id, whatever wallet verified
    expect(a.identityId).toMatch(/^local-/);
    expect(b.identityId).toBe(a.identityId);
    const before = await referralRows();
    const r = await apply(second, first);
    expectRefused(r, "You cannot refer yourself", "You cannot refer yourself.");
    expect(await referralRows()).toEqual(before);
    expect(await t.db().select().from(usedSignatures)).toHaveLength(0);
    // a stranger's GET does not learn that the two wallets are one person
    expect((await messageFor(second, first)).status).toBe(200);
  });

  it("refuses a self-referral through a second wallet linked to the same account (another email)", async () => {
    const embedded = newAccount();
    const linked = newAccount();
    const [account] = await t
      .db()
      .insert(accounts)
      .values({ email: "grace@example.org" })
      .returning({ id: accounts.id });
    await t
      .db()
      .insert(accountWallets)
      .values([
        { accountId: account!.id, address: embedded.address.toLowerCase(), kind: "embedded" },
        { accountId: account!.id, address: linked.address.toLowerCase(), kind: "linked" },
      ]);
    const a = await verify(embedded, { name: "Grace Hopper", email: "grace@example.org" });
    const b = await verify(linked, { name: "Grace B. Hopper", email: "g.hopper@example.net" });
    expect(b.identityId).toBe(a.identityId);
    expectRefused(await apply(linked, embedded), "You cannot refer yourself", /refer yourself/);
    expectRefused(await apply(embedded, linked), "You cannot refer yourself", /refer yourself/);
  });

  it("refuses an unverified referrer (no KYC) at GET and POST, and accepts once it is verified", async () => {
    const referrer = newAccount();
    const owner = newAccount();
    await verify(owner, { name: "Owner One", email: "owner1@example.org" });
    expectRefused(
      await messageFor(owner, referrer),
      "Referrer is not verified",
      /only verified lenders can refer/,
    );
    expectRefused(
      await apply(owner, referrer),
      "Referrer is not verified",
      /only verified lenders can refer/,
    );
    // under review is not verified either
    await t.db().insert(kycRecords).values({
      address: referrer.address.toLowerCase(),
      status: "To be reviewed",
      entityType: "individual",
      fullName: "Referrer One",
      email: "referrer1@example.org",
      provider: "local",
      identityId: "local-referrer-1",
    });
    expectRefused(await apply(owner, referrer), "Referrer is not verified", /verified/);
    expect(await referralRows()).not.toContainEqual(
      expect.objectContaining({ owner: owner.address.toLowerCase() }),
    );
    await (await localKycProvider()).review(referrer.address, "approve");
    expect(await apply(owner, referrer)).toEqual({ status: 200, body: { isValid: true } });
  });

  it("refuses an unverified referred user (no KYC)", async () => {
    const referrer = newAccount();
    const owner = newAccount();
    await verify(referrer, { name: "Referrer Two", email: "referrer2@example.org" });
    expectRefused(
      await messageFor(owner, referrer),
      "User is not verified",
      /^Verify your identity/,
    );
    expectRefused(await apply(owner, referrer), "User is not verified", /^Verify your identity/);
    expect(await referralRows()).not.toContainEqual(
      expect.objectContaining({ owner: owner.address.toLowerCase() }),
    );
  });

  it("refuses circular referrals: A refers B then B refers A, and A -> B -> C -> A", async () => {
    const [a, b, c] = [newAccount(), newAccount(), newAccount()];
    await verify(a, { name: "Alice Circle", email: "alice@example.org" });
    await verify(b, { name: "Bob Circle", email: "bob@example.org" });
    await verify(c, { name: "Carol Circle", email: "carol@example.org" });
    expect((await apply(b, a)).status).toBe(200); // a refers b
    expectRefused(
      await apply(a, b),
      "Circular referral",
      "You cannot apply the referral code of a lender you referred.",
    );
    expect((await apply(c, b)).status).toBe(200); // b refers c
    expectRefused(await apply(a, c), "Circular referral", /a lender you referred/);
    // the owner's own session is told at GET; a stranger learns nothing of who referred whom
    const mine = await call(
      GET,
      getWithCookie(
        `/api/referral?chainId=31337&userAddress=${a.address}&referralCode=${c.address}`,
        await signIn(a),
      ),
    );
    expectRefused(mine, "Circular referral", /a lender you referred/);
    expect((await messageFor(a, c)).status).toBe(200);
    expect((await referralRows()).filter((r) => r.owner === a.address.toLowerCase())).toHaveLength(
      0,
    );
  });

  it("refuses a circle closed by a second wallet of the first referrer's person", async () => {
    const [a, b] = [newAccount(), newAccount()];
    const a2 = newAccount();
    await verify(a, { name: "Dora Ring", email: "dora@example.org" });
    await verify(a2, { name: "Dora Ring", email: "dora@example.org" });
    await verify(b, { name: "Eve Ring", email: "eve@example.org" });
    expect((await apply(b, a)).status).toBe(200); // a refers b
    expectRefused(await apply(a2, b), "Circular referral", /a lender you referred/);
  });

  it("two crossed requests at once (A refers B, B refers A): exactly one is applied", async () => {
    const [a, b] = [newAccount(), newAccount()];
    await verify(a, { name: "Frank Cross", email: "frank@example.org" });
    await verify(b, { name: "Gina Cross", email: "gina@example.org" });
    const results = await Promise.all([apply(a, b), apply(b, a)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = (await referralRows()).filter(
      (r) =>
        [a.address.toLowerCase(), b.address.toLowerCase()].includes(r.owner) &&
        [a.address.toLowerCase(), b.address.toLowerCase()].includes(r.referrer),
    );
    expect(rows).toHaveLength(1);
  });

  it("a flood of junk referrals (throwaway unverified wallets) writes nothing, then hits the per-IP limit", async () => {
    pinRateLimitWindow();
    const referrer = newAccount();
    await verify(referrer, { name: "Flood Target", email: "flood@example.org" });
    const before = (await referralRows()).length;
    const headers = { [PEER_ADDRESS_HEADER]: "203.0.113.99" };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await apply(newAccount(), referrer, headers)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(409));
    expect(statuses[30]).toBe(429);
    expect((await referralRows()).length).toBe(before);
  });
});
