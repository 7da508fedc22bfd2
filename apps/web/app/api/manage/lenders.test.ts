// @vitest-environment node
/**
 * Issue 27, the console's Lenders section on the server: the checks of a forced withdrawal (the
 * ops CLI's, one implementation) and the referral payouts. Each endpoint refuses a visitor without
 * a session, a wallet without the role, a revoked role, bad input (4xx JSON, nothing written) and
 * a flood (429).
 */
import { keccak256, parseAbi, toBytes, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, inject, it } from "vitest";
import { referralClearings, referralRewards } from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
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
import { getWithCookie, signIn } from "@/server/test/session";
import { evmRevert, evmSnapshot } from "../../../../../scripts/src/fixture/snapshot";
import { devAccount } from "../../../../../scripts/src/lib/dev-accounts";
import { testChain } from "../../../../../scripts/src/ops/test-chain";
import { POST as forceCheck } from "./force-withdrawal/route";
import { GET as payouts } from "./referral-payouts/route";

const DEPLOYER = privateKeyToAccount(devAccount(0).privateKey);
const CASH_POOL = 1n; // the seed's one-tranche pool
const POOL_MANAGER_ROLE = keccak256(toBytes("POOL_MANAGER_ROLE"));
const roleAbi = parseAbi([
  "function grantRole(bytes32 role, address account)",
  "function revokeRole(bytes32 role, address account)",
]);

let ip = 0;
/** a fresh client IP per request group: only the flood test fills a rate-limit bucket */
const fromNewIp = () => ({ [PEER_ADDRESS_HEADER]: `198.51.100.${(ip++ % 200) + 1}` });
const post = (body: unknown, cookie?: string, headers = fromNewIp()) =>
  postRequest("/api/manage/force-withdrawal", body, { ...headers, ...(cookie ? { cookie } : {}) });

describe("/api/manage lenders: forced withdrawals and referral payouts", () => {
  const t = setupApiTestDatabase();
  const anvil = inject("anvil");
  const chain = testChain(anvil);
  const snapshots: string[] = [];
  afterAll(async () => {
    for (const id of snapshots.reverse()) await evmRevert(anvil.rpcUrl, id);
  });
  const setRole = (grant: boolean, account: Address) =>
    chain.send(chain.admin, {
      address: anvil.deployment.lendingPoolManager,
      abi: roleAbi,
      functionName: grant ? "grantRole" : "revokeRole",
      args: [POOL_MANAGER_ROLE, account],
    });

  const lender = devAccount(4);
  const valid = (overrides: Record<string, unknown> = {}) => ({
    poolId: String(CASH_POOL),
    trancheId: "0",
    user: lender.address,
    amount: "all",
    reason: "Sanctions screening hit",
    ...overrides,
  });

  it("refuses a visitor without a session, a stranger, and a revoked pool manager, writing nothing", async () => {
    snapshots.push(await evmSnapshot(anvil.rpcUrl));
    const before = await databaseFingerprint(t.db());
    expectError(await call(forceCheck, post(valid())), 401);
    expectError(await call(payouts, getRequest("/api/manage/referral-payouts", fromNewIp())), 401);
    const stranger = await signIn(newAccount());
    expectError(await call(forceCheck, post(valid(), stranger)), 403);
    expectError(await call(payouts, getWithCookie("/api/manage/referral-payouts", stranger)), 403);
    const forged = `lending_session=${"cd".repeat(32)}`;
    expectError(await call(forceCheck, post(valid(), forged)), 401);

    const manager = newAccount();
    await setRole(true, manager.address);
    const cookie = await signIn(manager);
    expect(
      (await call(payouts, getWithCookie("/api/manage/referral-payouts", cookie))).status,
    ).toBe(200);
    await setRole(false, manager.address);
    expectError(await call(forceCheck, post(valid(), cookie)), 403);
    expectError(await call(payouts, getWithCookie("/api/manage/referral-payouts", cookie)), 403);
    const after = await databaseFingerprint(t.db());
    expect({ ...after, sessions: "", auth_nonces: "" }).toEqual({
      ...before,
      sessions: "",
      auth_nonces: "",
    });
  });

  it("checks a forced withdrawal as the CLI does: bad input and a lender without shares are 400, nothing written", async () => {
    const cookie = await signIn(DEPLOYER);
    const before = await databaseFingerprint(t.db());
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ user: "0x1234" }, /user/],
      [{ poolId: "-1" }, /poolId/],
      [{ amount: "1.1234567" }, /amount/],
      [{ amount: "lots" }, /amount/],
      [{ reason: "  " }, /needs a reason/],
      [{ reason: "x".repeat(501) }, /reason/],
      [{ extra: true }, /extra|Unrecognized/i],
      [{ poolId: "99" }, /Pool 99 does not exist/],
      [{ trancheId: "7" }, /has no tranche 7/],
      [{ user: newAccount().address }, /no free shares/],
    ];
    for (const [overrides, message] of bad) {
      expectError(await call(forceCheck, post(valid(overrides), cookie)), 400, message);
    }
    // a session's use is stamped on it; nothing else changed
    expect({ ...(await databaseFingerprint(t.db())), sessions: "" }).toEqual({
      ...before,
      sessions: "",
    });
  });

  it("answers the shares to queue for a lender with a settled deposit: all of them, or a USDC part", async () => {
    snapshots.push(await evmSnapshot(anvil.rpcUrl));
    const shares = await chain.settledPosition(lender, { pool: CASH_POOL });
    const cookie = await signIn(DEPLOYER);
    const all = await call(forceCheck, post(valid(), cookie));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      shares: String(shares),
      freeShares: String(shares),
      reason: "Sanctions screening hit",
    });
    // the 100 USDC deposit, less a share price's rounding
    expect(BigInt(all.body.value as unknown as string)).toBeGreaterThanOrEqual(99_999_999n);
    const part = await call(forceCheck, post(valid({ amount: "40" }), cookie));
    expect(BigInt(part.body.shares as unknown as string)).toBeLessThan(shares);
    expect(BigInt(part.body.value as unknown as string)).toBeLessThanOrEqual(40_000_000n);
    expectError(
      await call(forceCheck, post(valid({ amount: "1000000" }), cookie)),
      400,
      /less than the 1000000000000 asked/,
    );
  });

  it("lists each referrer's payout per pool and epoch with its status", async () => {
    const cookie = await signIn(DEPLOYER);
    const referrer = newAccount().address.toLowerCase();
    const now = new Date();
    const row = (
      epoch: string,
      user: string,
      extra: Partial<typeof referralRewards.$inferInsert> = {},
    ) => ({
      chainId: anvil.chainId,
      poolId: "0",
      epoch,
      referrer,
      userAddress: user,
      fee: "100",
      reward: "10",
      clearedAt: now,
      ...extra,
    });
    await t
      .db()
      .insert(referralRewards)
      .values([
        row("901", "0x01", { paidTx: `0x${"a".repeat(64)}` }),
        row("901", "0x02", { paidTx: `0x${"a".repeat(64)}` }),
        row("902", "0x01", { refusal: "the referrer is not verified" }),
        row("903", "0x01"),
        row("904", "0x01"),
      ]);
    await t
      .db()
      .insert(referralClearings)
      .values({ chainId: anvil.chainId, poolId: "0", epoch: "903" });
    const r = await call(payouts, getWithCookie("/api/manage/referral-payouts", cookie));
    expect(r.status).toBe(200);
    const mine = (r.body.payouts as { referrer: string; epoch: string }[]).filter(
      (p) => p.referrer === referrer,
    );
    const byEpoch = Object.fromEntries(mine.map((p) => [p.epoch, p]));
    expect(byEpoch["901"]).toMatchObject({ status: "paid", reward: "20", lenders: 2 });
    expect(byEpoch["902"]).toMatchObject({
      status: "refused",
      refusal: "the referrer is not verified",
    });
    expect(byEpoch["903"]).toMatchObject({ status: "failed", paidTx: null });
    expect(byEpoch["904"]).toMatchObject({ status: "waiting" });
  });

  it("a flood of forced-withdrawal checks from one client gets 429", async () => {
    pinRateLimitWindow();
    const cookie = await signIn(DEPLOYER);
    const headers = { [PEER_ADDRESS_HEADER]: "203.0.113.91" };
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await call(forceCheck, post(valid({ user: "0x12" }), cookie, headers))).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expectError(await call(forceCheck, post(valid(), cookie, headers)), 429);
  });
});
