// @vitest-environment node
/**
 * Issue 27, loan tickets in the console: created through the ops CLI's service (the lenders
 * whose funds back the ticket are told), listed with who was told and mailed and each decision,
 * and an opted-out lender's funds returned by a forced withdrawal the operator's wallet sends,
 * then recorded. Strangers, wallets without the role, revoked roles, bad input and floods are
 * refused, writing nothing.
 */
import { lendingPoolManagerAbi } from "@lending/sdk";
import { eq } from "drizzle-orm";
import { keccak256, parseAbi, toBytes, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, inject, it } from "vitest";
import { consoleAudit, loanTicketReturns } from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { insertDecisions } from "@/server/repositories/loan-tickets";
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
import { evmRevert, evmSnapshot } from "../../../../../../scripts/src/fixture/snapshot";
import { devAccount } from "../../../../../../scripts/src/lib/dev-accounts";
import { testChain } from "../../../../../../scripts/src/ops/test-chain";
import { POST as recordReturn } from "./returns/record/route";
import { POST as releaseReturn } from "./returns/release/route";
import { POST as reserveReturn } from "./returns/reserve/route";
import { POST as planReturns } from "./returns/route";
import { GET as list, POST as create } from "./route";

const DEPLOYER = privateKeyToAccount(devAccount(0).privateKey);
const CASH_POOL = 1n;
const POOL_MANAGER_ROLE = keccak256(toBytes("POOL_MANAGER_ROLE"));
const roleAbi = parseAbi([
  "function grantRole(bytes32 role, address account)",
  "function revokeRole(bytes32 role, address account)",
]);

let ip = 0;
const fromNewIp = () => ({ [PEER_ADDRESS_HEADER]: `198.51.100.${(ip++ % 200) + 1}` });
const post = (path: string, body: unknown, cookie?: string, headers = fromNewIp()) =>
  postRequest(path, body, { ...headers, ...(cookie ? { cookie } : {}) });
const noSessions = (f: Record<string, string>) => ({ ...f, sessions: "", auth_nonces: "" });

describe("/api/manage/loan-tickets", () => {
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
  const lender = devAccount(4); // funded with test USDC by the seed
  // a return of the lender's funds, step by step, each an operator's request (`cookie`)
  const reserveReturnOf = (ticketId: number, cookie: string) =>
    call(
      reserveReturn,
      post("/api/manage/loan-tickets/returns/reserve", { ticketId, user: lender.address }, cookie),
    );
  const releaseReturnOf = (ticketId: number, cookie: string) =>
    call(
      releaseReturn,
      post("/api/manage/loan-tickets/returns/release", { ticketId, user: lender.address }, cookie),
    );
  const recordReturnOf = (ticketId: number, txHash: string, cookie: string) =>
    call(
      recordReturn,
      post(
        "/api/manage/loan-tickets/returns/record",
        { ticketId, user: lender.address, txHash },
        cookie,
      ),
    );
  const ticketBody = (overrides: Record<string, unknown> = {}) => ({
    poolId: String(CASH_POOL),
    trancheId: "0",
    endBorrowerId: "B-77",
    endBorrowerName: "Harbour Freight Ltd",
    assets: "50",
    user: lender.address,
    ...overrides,
  });

  it("refuses a visitor without a session, a stranger and a revoked pool manager, writing nothing", async () => {
    snapshots.push(await evmSnapshot(anvil.rpcUrl));
    const before = await databaseFingerprint(t.db());
    expectError(await call(list, getRequest("/api/manage/loan-tickets", fromNewIp())), 401);
    expectError(await call(create, post("/api/manage/loan-tickets", ticketBody())), 401);
    const stranger = await signIn(newAccount());
    expectError(await call(list, getWithCookie("/api/manage/loan-tickets", stranger)), 403);
    expectError(await call(create, post("/api/manage/loan-tickets", ticketBody(), stranger)), 403);
    expectError(
      await call(planReturns, post("/api/manage/loan-tickets/returns", { ticketId: 1 }, stranger)),
      403,
    );
    expectError(await recordReturnOf(1, `0x${"1".repeat(64)}`, stranger), 403);
    const manager = newAccount();
    await setRole(true, manager.address);
    const cookie = await signIn(manager);
    expect((await call(list, getWithCookie("/api/manage/loan-tickets", cookie))).status).toBe(200);
    await setRole(false, manager.address);
    expectError(await call(create, post("/api/manage/loan-tickets", ticketBody(), cookie)), 403);
    expect(noSessions(await databaseFingerprint(t.db()))).toEqual(noSessions(before));
  });

  it("refuses bad input with a 4xx JSON error and records no ticket", async () => {
    const cookie = await signIn(DEPLOYER);
    const before = await databaseFingerprint(t.db());
    const bad: [Record<string, unknown>, number, RegExp][] = [
      [{ assets: "0" }, 400, /assets/],
      [{ assets: "1.1234567" }, 400, /assets/],
      [{ endBorrowerName: "  " }, 400, /endBorrowerName/],
      [{ poolId: "x" }, 400, /poolId/],
      [{ user: "0x12" }, 400, /user/],
      [{ poolId: "99" }, 400, /Pool 99 does not exist/],
      [{ trancheId: "5" }, 400, /has no tranche 5/],
    ];
    for (const [overrides, status, message] of bad) {
      expectError(
        await call(create, post("/api/manage/loan-tickets", ticketBody(overrides), cookie)),
        status,
        message,
      );
    }
    expectError(
      await call(planReturns, post("/api/manage/loan-tickets/returns", { ticketId: 999 }, cookie)),
      404,
    );
    expectError(
      await call(planReturns, post("/api/manage/loan-tickets/returns", { ticketId: "1" }, cookie)),
      400,
    );
    expect(noSessions(await databaseFingerprint(t.db()))).toEqual(noSessions(before));
  });

  it("creates a ticket, lists who was told and each decision; of two operators returning one lender at once the second is refused before signing; the return is recorded once", async () => {
    snapshots.push(await evmSnapshot(anvil.rpcUrl));
    await chain.settledPosition(lender, { pool: CASH_POOL });
    const cookie = await signIn(DEPLOYER);
    const created = await call(create, post("/api/manage/loan-tickets", ticketBody(), cookie));
    expect(created.status).toBe(200);
    const ticketId = created.body.id as unknown as number;
    expect(created.body).toMatchObject({ notified: 1 });

    // nothing to return before a decision
    const none = await call(
      planReturns,
      post("/api/manage/loan-tickets/returns", { ticketId }, cookie),
    );
    expect(none.body.returns).toEqual([]);

    await insertDecisions(t.db(), [
      { ticketId, userAddress: lender.address.toLowerCase(), status: "optedOut" },
    ]);
    const planned = await call(
      planReturns,
      post("/api/manage/loan-tickets/returns", { ticketId }, cookie),
    );
    const [due] = planned.body.returns as unknown as { user: string; shares: string }[];
    expect(due?.user).toBe(lender.address.toLowerCase());
    expect(BigInt(due!.shares)).toBeGreaterThan(0n);

    // a transaction recorded without a reservation is refused
    const other = await chain.send(chain.admin, {
      address: anvil.deployment.lendingPoolManager,
      abi: parseAbi(["function setIncident(uint256 poolId, bool open)"]),
      functionName: "setIncident",
      args: [0n, false],
    });
    expectError(
      await recordReturnOf(ticketId, other.transactionHash, cookie),
      400,
      /not reserved before signing/,
    );

    // two operators return the same lender at once: one reservation, the other is refused
    // before signing (its wallet never sends anything)
    const second = newAccount();
    await setRole(true, second.address);
    const secondCookie = await signIn(second);
    const [a, b] = await Promise.all([
      reserveReturnOf(ticketId, cookie),
      reserveReturnOf(ticketId, secondCookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loserCookie, winnerCookie] =
      a.status === 200 ? [a, secondCookie, cookie] : [b, cookie, secondCookie];
    expect(winner.body).toMatchObject({ shares: due!.shares });
    expectError(
      await reserveReturnOf(ticketId, loserCookie),
      409,
      /already being sent by another operator/,
    );
    // a reservation is released only by its operator (the other's withdrawal may be pending)
    expectError(await releaseReturnOf(ticketId, loserCookie), 409, /reserved by another operator/);
    // the signature was refused: released, and the lender is due again
    const released = await releaseReturnOf(ticketId, winnerCookie);
    expect(released.body).toEqual({ outcome: "released" });
    expect(
      await t.db().select().from(loanTicketReturns).where(eq(loanTicketReturns.ticketId, ticketId)),
    ).toEqual([]);
    const audited = await t.db().select().from(consoleAudit);
    expect(audited.map((x) => x.action)).toEqual(
      expect.arrayContaining(["loan-tickets:return-reserved", "loan-tickets:return-released"]),
    );
    expectError(await releaseReturnOf(ticketId, winnerCookie), 400, /no open return reservation/);
    await setRole(false, second.address);
    const reserved = await reserveReturnOf(ticketId, cookie);
    expect(reserved.status).toBe(200);
    expectError(
      await recordReturnOf(ticketId, other.transactionHash, cookie),
      400,
      /no forced withdrawal/,
    );

    // the operator's wallet sends the forced withdrawal; the console records it
    const sent = await chain.send(chain.admin, {
      address: anvil.deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "forceWithdrawal",
      args: [CASH_POOL, 0n, lender.address, BigInt(due!.shares)],
    });
    const recorded = await recordReturnOf(ticketId, sent.transactionHash, cookie);
    expect(recorded.status).toBe(200);
    // once: a second record is refused
    expectError(await recordReturnOf(ticketId, sent.transactionHash, cookie), 400);
    const [row] = await t
      .db()
      .select()
      .from(loanTicketReturns)
      .where(eq(loanTicketReturns.ticketId, ticketId));
    expect(row).toMatchObject({ shares: due!.shares, transactionHash: sent.transactionHash });

    const listed = await call(list, getWithCookie("/api/manage/loan-tickets", cookie));
    const ticket = (listed.body.tickets as unknown as { id: number }[]).find(
      (x) => x.id === ticketId,
    );
    expect(ticket).toMatchObject({
      endBorrowerName: "Harbour Freight Ltd",
      notices: [{ user: lender.address.toLowerCase() }],
      decisions: [{ user: lender.address.toLowerCase(), status: "optedOut" }],
      returns: [{ user: lender.address.toLowerCase(), transactionHash: sent.transactionHash }],
    });
    const audit = await t.db().select().from(consoleAudit);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["loan-tickets:create", "withdraw:force"]),
    );
    expect(audit.find((a) => a.action === "withdraw:force")?.reason).toBe(
      `Loan ticket ${ticketId}: the lender opted out`,
    );
  });

  it("a flood of ticket creations from one client gets 429", async () => {
    pinRateLimitWindow();
    const cookie = await signIn(DEPLOYER);
    const headers = { [PEER_ADDRESS_HEADER]: "203.0.113.92" };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const body = ticketBody({ assets: "0" });
      statuses.push(
        (await call(create, post("/api/manage/loan-tickets", body, cookie, headers))).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
