// @vitest-environment node
import { eq } from "drizzle-orm";
import { buildReferralMessage, referralErrorText } from "@lending/sdk";
import { createTestClient, createWalletClient, http, parseAbi, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { chainClient } from "@/server/context";
import { firstDeposits, kycRecords, referrals, usedSignatures } from "@/server/db/schema";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn, signReferral } from "@/server/test/session";
import { GET, POST } from "./route";
import { GET as yields } from "./userYields/route";

/** anvil dev account 1 (public key, funded with USDC by the seed) */
const DEV_1 = privateKeyToAccount(
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
);

describe("/api/referral", () => {
  const t = setupApiTestDatabase();
  const owner = newAccount();
  const referrer = newAccount();
  const { rpcUrl, deployment } = inject("anvil");
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
  let snapshot: `0x${string}` | undefined;
  afterAll(async () => {
    if (snapshot) await test.revert({ id: snapshot });
  });

  /** A verified lender (issue 24: only verified, different people refer each other). */
  const verified = (address: string, name: string) =>
    t
      .db()
      .insert(kycRecords)
      .values({
        address: address.toLowerCase(),
        status: "Active",
        entityType: "individual",
        fullName: name,
        email: `${name.toLowerCase()}@example.org`,
        provider: "local",
        identityId: `local-${name}`,
      });
  beforeAll(async () => {
    await verified(owner.address, "owner");
    await verified(referrer.address, "referrer");
  });

  const sign = (account = owner, ref = referrer.address) => signReferral(account, ref);

  it("GET answers the message to sign, or the rule that refuses it", async () => {
    const r = await call(
      GET,
      getRequest(
        `/api/referral?chainId=31337&userAddress=${owner.address}&referralCode=${referrer.address}`,
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(
      buildReferralMessage({ owner: owner.address, referrer: referrer.address, chainId: 31337 }),
    );
    const self = await call(
      GET,
      getRequest(`/api/referral?userAddress=${owner.address}&referralCode=${owner.address}`),
    );
    expectError(self, 409);
    expect(self.body.error).toBe("You cannot refer yourself");
    expect(referralErrorText(self.body.error as string)).toBe("You cannot refer yourself.");
    expectError(await call(GET, getRequest(`/api/referral?userAddress=${owner.address}`)), 400);
  });

  it("POST refuses bad input and bad signatures without writing", async () => {
    const signature = await sign();
    for (const bad of [
      "nope",
      { owner: owner.address, signature },
      { owner: owner.address, signature, refferer: referrer.address, extra: 1 },
      { owner: owner.address, signature: "0x1234", refferer: referrer.address },
    ]) {
      expectError(await call(POST, postRequest("/api/referral?chainId=31337", bad)), 400);
    }
    expectError(
      await call(
        POST,
        postRequest("/api/referral", {
          owner: owner.address,
          signature: await sign(referrer),
          refferer: referrer.address,
        }),
      ),
      401,
    );
    expect(await t.db().select().from(referrals)).toHaveLength(0);
    expect(await t.db().select().from(usedSignatures)).toHaveLength(0);
  });

  it("POST applies a signed referral once ('Reference already exists' afterwards)", async () => {
    const body = { owner: owner.address, signature: await sign(), refferer: referrer.address };
    const r = await call(POST, postRequest("/api/referral?chainId=31337", body));
    expect(r).toEqual({ status: 200, body: { isValid: true } });
    const again = await call(POST, postRequest("/api/referral?chainId=31337", body));
    expectError(again, 409);
    expect(again.body.error).toBe("Reference already exists");
    const y = await call(
      yields,
      getWithCookie(
        `/api/referral/userYields?chainId=31337&userAddress=${referrer.address}`,
        await signIn(referrer),
      ),
    );
    expect(y.body).toEqual({
      totalUserRefferalsCount: 1,
      items: [{ user: owner.address.toLowerCase(), firstDeposit: "0", yield: "0" }],
      latestEpochReferralYield: "0",
      lifetimeRefferalYield: "0",
      page: 1,
      pageSize: 100,
    });
  });

  it("tells 'Reference already exists' only to the owner's session", async () => {
    // (after the previous test, owner has a referrer)
    const path = `/api/referral?chainId=31337&userAddress=${owner.address}&referralCode=${referrer.address}`;
    const message = buildReferralMessage({
      owner: owner.address,
      referrer: referrer.address,
      chainId: 31337,
    });
    // anyone else: the message to sign, as for any eligible wallet (POST refuses it later)
    expect(await call(GET, getRequest(path))).toEqual({ status: 200, body: { message } });
    expect(await call(GET, getWithCookie(path, await signIn(referrer)))).toEqual({
      status: 200,
      body: { message },
    });
    const mine = await call(GET, getWithCookie(path, await signIn(owner)));
    expectError(mine, 409);
    expect(mine.body.error).toBe("Reference already exists");
  });

  it("userYields needs the referrer's own session: 401 without, 403 for another wallet", async () => {
    const path = `/api/referral/userYields?chainId=31337&userAddress=${referrer.address}`;
    const anonymous = await call(yields, getRequest(path));
    expectError(anonymous, 401, /Sign in with this wallet first/);
    const foreign = await call(yields, getWithCookie(path, await signIn(owner)));
    expectError(foreign, 403, /belongs to another wallet/);
    for (const r of [anonymous, foreign]) {
      expect(JSON.stringify(r.body)).not.toContain(owner.address.toLowerCase());
      expect(r.body.items).toBeUndefined();
    }
  });

  it("GET answers 'has deposited' from the first-deposit cache: one log query per owner per 30 s", async () => {
    const getLogs = vi.spyOn(chainClient(), "getLogs");
    try {
      const fresh = newAccount();
      await verified(fresh.address, "fresh");
      const path = `/api/referral?userAddress=${fresh.address}&referralCode=${referrer.address}`;
      expect((await call(GET, getRequest(path))).status).toBe(200);
      expect((await call(GET, getRequest(path))).status).toBe(200);
      expect(getLogs).toHaveBeenCalledTimes(1);
    } finally {
      getLogs.mockRestore();
    }
  });

  it("asks the chain again once 'no deposit yet' is older than NO_DEPOSIT_TTL_MS", async () => {
    const getLogs = vi.spyOn(chainClient(), "getLogs");
    const before = process.env.NO_DEPOSIT_TTL_MS;
    try {
      const fresh = newAccount();
      await verified(fresh.address, "fresher");
      const path = `/api/referral?userAddress=${fresh.address}&referralCode=${referrer.address}`;
      expect((await call(GET, getRequest(path))).status).toBe(200);
      expect(getLogs).toHaveBeenCalledTimes(1);
      // the cached "none yet" is 2 s old: believed under the 30 s default...
      const twoSecondsAgo = new Date(Date.now() - 2_000);
      const mine = eq(firstDeposits.user, fresh.address.toLowerCase());
      await t.db().update(firstDeposits).set({ checkedAt: twoSecondsAgo }).where(mine);
      expect((await call(GET, getRequest(path))).status).toBe(200);
      expect(getLogs).toHaveBeenCalledTimes(1);
      // ...and looked up again under a 1 s setting
      process.env.NO_DEPOSIT_TTL_MS = "1000";
      await t.db().update(firstDeposits).set({ checkedAt: twoSecondsAgo }).where(mine);
      expect((await call(GET, getRequest(path))).status).toBe(200);
      expect(getLogs).toHaveBeenCalledTimes(2);
    } finally {
      if (before === undefined) delete process.env.NO_DEPOSIT_TTL_MS;
      else process.env.NO_DEPOSIT_TTL_MS = before;
      getLogs.mockRestore();
    }
  });

  it("refuses a user who has already deposited (USDC sent to the LendingPoolManager)", async () => {
    snapshot = await test.snapshot();
    const wallet = createWalletClient({
      account: DEV_1,
      chain: foundry,
      transport: http(rpcUrl),
    }).extend(publicActions);
    const hash = await wallet.writeContract({
      address: deployment.usdc,
      abi: parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]),
      functionName: "transfer",
      args: [deployment.lendingPoolManager, 5_000_000n],
    });
    await wallet.waitForTransactionReceipt({ hash });
    const r = await call(
      GET,
      getRequest(`/api/referral?userAddress=${DEV_1.address}&referralCode=${referrer.address}`),
    );
    expectError(r, 409);
    expect(r.body.error).toBe("User has already deposited");
  });
});
