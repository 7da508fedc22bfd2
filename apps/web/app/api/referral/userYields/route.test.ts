// @vitest-environment node
import { eq } from "drizzle-orm";
import { createTestClient, createWalletClient, http, parseAbi, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeEach, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { chainClient } from "@/server/context";
import { firstDeposits, rateLimits, referralRewards, referrals } from "@/server/db/schema";
import {
  call,
  expectError,
  getRequest,
  newAccount,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { GET as loanTickets } from "../../loan-tickets/route";
import { GET } from "./route";

/** anvil dev account 2 (public key, funded with USDC by the seed) */
const DEV_2 = privateKeyToAccount(
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
);

describe("GET /api/referral/userYields", () => {
  const t = setupApiTestDatabase();
  const { rpcUrl, deployment } = inject("anvil");
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
  let snapshot: `0x${string}` | undefined;
  afterAll(async () => {
    if (snapshot) await test.revert({ id: snapshot });
  });
  // every request here comes from one IP: each test starts with fresh rate-limit windows
  beforeEach(async () => {
    await t.db().delete(rateLimits);
  });

  /** `count` referrals of `referrer`, oldest first; the first referred user is DEV_2. */
  async function refer(referrer: string, count: number, first?: string) {
    const owners = Array.from({ length: count }, (_, i) =>
      i === 0 && first ? first.toLowerCase() : newAccount().address.toLowerCase(),
    );
    const start = Date.now() - count * 1000;
    await t
      .db()
      .insert(referrals)
      .values(
        owners.map((owner, i) => ({
          chainId: 31337,
          owner,
          referrer: referrer.toLowerCase(),
          createdAt: new Date(start + i * 1000),
        })),
      );
    return owners;
  }

  const path = (referrer: string, extra = "") =>
    `/api/referral/userYields?chainId=31337&userAddress=${referrer}${extra}`;

  it("answers pages of at most 100 with the total, from one batched chain query per page, cached", async () => {
    snapshot = await test.snapshot();
    const wallet = createWalletClient({
      account: DEV_2,
      chain: foundry,
      transport: http(rpcUrl),
    }).extend(publicActions);
    for (const amount of [7_000_000n, 9_000_000n]) {
      const hash = await wallet.writeContract({
        address: deployment.usdc,
        abi: parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]),
        functionName: "transfer",
        args: [deployment.lendingPoolManager, amount],
      });
      await wallet.waitForTransactionReceipt({ hash });
    }
    const referrerAccount = newAccount();
    const referrer = referrerAccount.address;
    const owners = await refer(referrer, 250, DEV_2.address);
    // personal data: read with the referrer's own session
    const cookie = await signIn(referrerAccount);
    const get = (url: string) => getWithCookie(url, cookie);
    const getLogs = vi.spyOn(chainClient(), "getLogs");
    try {
      const first = await call(GET, get(path(referrer)));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        totalUserRefferalsCount: 250,
        page: 1,
        pageSize: 100,
        latestEpochReferralYield: "0",
        lifetimeRefferalYield: "0",
      });
      const items = first.body.items as unknown as { user: string; firstDeposit: string }[];
      expect(items.map((i) => i.user)).toEqual(owners.slice(0, 100));
      // DEV_2's first deposit, the others none
      expect(items[0]).toEqual({ user: owners[0], firstDeposit: "7000000", yield: "0" });
      expect(items.slice(1).every((i) => i.firstDeposit === "0")).toBe(true);
      expect(getLogs).toHaveBeenCalledTimes(1);

      // the same page again: from the cache, no chain query
      const again = await call(GET, get(path(referrer)));
      expect(again.body).toEqual(first.body);
      expect(getLogs).toHaveBeenCalledTimes(1);

      const last = await call(GET, get(path(referrer, "&page=3")));
      expect((last.body.items as unknown[]).length).toBe(50);
      expect(last.body).toMatchObject({ totalUserRefferalsCount: 250, page: 3, pageSize: 100 });
      expect(getLogs).toHaveBeenCalledTimes(2);

      const small = await call(GET, get(path(referrer, "&page=2&pageSize=10")));
      expect((small.body.items as { user: string }[]).map((i) => i.user)).toEqual(
        owners.slice(10, 20),
      );
      const beyond = await call(GET, get(path(referrer, "&page=4")));
      expect(beyond.body).toMatchObject({ totalUserRefferalsCount: 250, items: [] });

      // "no deposit yet" is believed for 30 s, then the chain is asked again
      const dev2 = eq(firstDeposits.user, owners[0]!);
      await t.db().update(firstDeposits).set({ amount: null, checkedAt: new Date() }).where(dev2);
      const believed = await call(GET, get(path(referrer, "&pageSize=1")));
      expect(believed.body.items).toEqual([{ user: owners[0], firstDeposit: "0", yield: "0" }]);
      expect(getLogs).toHaveBeenCalledTimes(2);
      await t
        .db()
        .update(firstDeposits)
        .set({ checkedAt: new Date(Date.now() - 31_000) })
        .where(dev2);
      const rechecked = await call(GET, get(path(referrer, "&pageSize=1")));
      expect(rechecked.body.items).toEqual([
        { user: owners[0], firstDeposit: "7000000", yield: "0" },
      ]);
      expect(getLogs).toHaveBeenCalledTimes(3);
    } finally {
      getLogs.mockRestore();
    }
    // pages 1 and 3 were looked up (page 2 of 10 lies inside page 1)
    expect(await t.db().select().from(firstDeposits)).toHaveLength(150);
    for (const [extra, message] of [
      ["&pageSize=101", /^pageSize: /],
      ["&page=0", /^page: /],
      ["&page=-1", /^page: /],
      ["&pageSize=ten", /^pageSize: /],
    ] as const) {
      expectError(await call(GET, get(path(referrer, extra))), 400, message);
    }
  });

  it("limits GETs to 120 a minute per IP over every endpoint: the 121st is a 429 and reads nothing", async () => {
    // one fixed-window minute for the whole test, however slow the machine
    const minute = Date.now() - (Date.now() % 60_000) + 30_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(minute);
    onTestFinished(() => clock.mockRestore());
    const quiet = newAccount();
    // signing in asks for a nonce: GET number 1 of the minute
    const cookie = await signIn(quiet);
    for (let i = 1; i < 120; i++) {
      const r = await call(GET, getWithCookie(path(quiet.address), cookie));
      if (r.status !== 200) throw new Error(`GET ${i + 1} answered ${r.status}`);
    }
    const referrer = quiet.address;
    await refer(referrer, 5);
    const cached = (await t.db().select().from(firstDeposits)).length;
    const getLogs = vi.spyOn(chainClient(), "getLogs");
    try {
      expectError(
        await call(GET, getWithCookie(path(referrer), cookie)),
        429,
        /^Too many requests: try again in \d+ s$/,
      );
      // the limit covers every GET /api endpoint, not only this one
      expectError(
        await call(loanTickets, getRequest(`/api/loan-tickets?userAddress=${referrer}`)),
        429,
      );
      expect(getLogs).not.toHaveBeenCalled();
    } finally {
      getLogs.mockRestore();
    }
    expect(await t.db().select().from(firstDeposits)).toHaveLength(cached);
  }, 30_000); // 121 requests through the handler: seconds on a loaded machine, more when served

  it("refuses another chain than the server's with a 400", async () => {
    expectError(
      await call(
        GET,
        getRequest(`/api/referral/userYields?chainId=8453&userAddress=${newAccount().address}`),
      ),
      400,
      /^chainId: this server serves chain 31337, not 8453$/,
    );
  });
  it("answers the rewards the keeper paid: lifetime, the latest epoch paid, per referred user", async () => {
    const referrerAccount = newAccount();
    const referrer = referrerAccount.address.toLowerCase();
    const [b, c] = await refer(referrer, 2);
    const row = (user: string, epoch: string, reward: string, paidTx: string | null) => ({
      chainId: 31337,
      poolId: "0",
      epoch,
      referrer,
      userAddress: user!,
      fee: String(BigInt(reward) * 10n),
      reward,
      clearedAt: new Date(),
      paidTx,
    });
    const tx = `0x${"ab".repeat(32)}`;
    await t
      .db()
      .insert(referralRewards)
      .values([
        row(b!, "4", "1500", tx),
        row(b!, "5", "2500", tx),
        row(c!, "5", "700", tx),
        // computed, not paid yet: not counted
        row(c!, "6", "9999", null),
        // another referrer's
        {
          ...row(newAccount().address.toLowerCase(), "5", "123", tx),
          referrer: "0x" + "11".repeat(20),
        },
      ]);
    const r = await call(GET, getWithCookie(path(referrer), await signIn(referrerAccount)));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      totalUserRefferalsCount: 2,
      lifetimeRefferalYield: "4700",
      latestEpochReferralYield: "3200",
    });
    expect(r.body.items).toEqual([
      { user: b, firstDeposit: "0", yield: "4000" },
      { user: c, firstDeposit: "0", yield: "700" },
    ]);
  });
});
