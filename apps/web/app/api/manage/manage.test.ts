// @vitest-environment node
/**
 * Issue 27, the operator console's server gate: every /api/manage call needs the session of a
 * wallet holding an operator role at the latest block. A stranger, a forged session and a revoked
 * role are refused, and nothing is written on a refusal; a KYC decision and an on-chain action
 * are recorded in the append-only audit trail.
 */
import { createPoolArgs, lendingPoolManagerAbi, parseCsv, parsePoolDraft } from "@lending/sdk";
import { sql } from "drizzle-orm";
import {
  createTestClient,
  createWalletClient,
  http,
  keccak256,
  parseAbi,
  publicActions,
  toBytes,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, describe, expect, inject, it } from "vitest";
import { consoleAudit, kycRecords } from "@/server/db/schema";
import { LocalKycProvider } from "@/server/services/kyc/local";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { getWithCookie, signIn } from "@/server/test/session";
import { GET as audit, POST as auditPost } from "./audit/route";
import { GET as auditCsv } from "./audit/csv/route";
import { GET as health } from "./health/route";
import { GET as kycQueue, POST as kycReview } from "./kyc/route";
import { GET as roles } from "./roles/route";

/** anvil account 0: the local deployer, admin and pool manager */
const DEPLOYER = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
);
const POOL_MANAGER_ROLE = keccak256(toBytes("POOL_MANAGER_ROLE"));
const roleAbi = parseAbi([
  "function grantRole(bytes32 role, address account)",
  "function revokeRole(bytes32 role, address account)",
]);

const withCookie = (path: string, cookie: string, body: unknown) =>
  postRequest(path, body, { cookie });

describe("/api/manage", () => {
  const t = setupApiTestDatabase();
  const { rpcUrl, deployment } = inject("anvil");
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) });
  const admin = createWalletClient({
    account: DEPLOYER,
    chain: foundry,
    transport: http(rpcUrl),
  }).extend(publicActions);
  let snapshot: `0x${string}` | undefined;
  afterAll(async () => {
    if (snapshot) await test.revert({ id: snapshot });
  });

  const setRole = async (grant: boolean, account: `0x${string}`) => {
    const hash = await admin.writeContract({
      address: deployment.lendingPoolManager,
      abi: roleAbi,
      functionName: grant ? "grantRole" : "revokeRole",
      args: [POOL_MANAGER_ROLE, account],
    });
    await admin.waitForTransactionReceipt({ hash });
  };

  it("answers which operator roles a wallet holds (the deployer: admin and pool manager)", async () => {
    const r = await call(roles, getRequest(`/api/manage/roles?address=${DEPLOYER.address}`));
    expect(r.body.roles).toEqual(
      expect.arrayContaining(["DEFAULT_ADMIN_ROLE", "POOL_MANAGER_ROLE"]),
    );
    const s = await call(roles, getRequest(`/api/manage/roles?address=${newAccount().address}`));
    expect(s.body.roles).toEqual([]);
  });

  it("refuses a call without a session (401) and a stranger's session (403), writing nothing", async () => {
    const before = await databaseFingerprint(t.db());
    expectError(await call(health, getRequest("/api/manage/health")), 401);
    const stranger = await signIn(newAccount());
    expectError(await call(health, getWithCookie("/api/manage/health", stranger)), 403);
    expectError(await call(audit, getWithCookie("/api/manage/audit", stranger)), 403);
    expectError(await call(auditCsv, getWithCookie("/api/manage/audit/csv", stranger)), 403);
    const address = newAccount().address;
    expectError(
      await call(
        kycReview,
        withCookie("/api/manage/kyc", stranger, { address, decision: "approve" }),
      ),
      403,
    );
    const after = await databaseFingerprint(t.db());
    // the stranger's sign-in itself wrote its session; nothing else changed
    expect({ ...after, sessions: "", auth_nonces: "" }).toEqual({
      ...before,
      sessions: "",
      auth_nonces: "",
    });
  });

  it("refuses a forged session cookie", async () => {
    const forged = `lending_session=${"ab".repeat(32)}`;
    expectError(await call(health, getWithCookie("/api/manage/health", forged)), 401);
    expectError(
      await call(
        kycReview,
        withCookie("/api/manage/kyc", forged, {
          address: newAccount().address,
          decision: "approve",
        }),
      ),
      401,
    );
  });

  it("lets a pool manager in, and refuses them at the next call once the role is revoked", async () => {
    snapshot = await test.snapshot();
    const manager = newAccount();
    await setRole(true, manager.address);
    const cookie = await signIn(manager);
    const ok = await call(health, getWithCookie("/api/manage/health", cookie));
    expect(ok.status).toBe(200);
    await setRole(false, manager.address);
    expectError(await call(health, getWithCookie("/api/manage/health", cookie)), 403);
  });

  it("shows the health panel to the deployer: pools, KSU price, database, indexer state", async () => {
    const cookie = await signIn(DEPLOYER);
    const r = await call(health, getWithCookie("/api/manage/health", cookie));
    expect(r.status).toBe(200);
    const body = r.body as unknown as {
      pools: { poolId: string; stale: boolean }[];
      database: { ok: boolean };
      ksuPrice: { source: string };
      keeper: { stale: boolean; lastRunAt: string | null };
    };
    expect(body.pools.length).toBeGreaterThan(0);
    expect(body.database.ok).toBe(true);
    expect(body.ksuPrice.source).toMatch(/KsuLocking/);
    // no keeper has recorded a pass in this database: stale
    expect(body.keeper).toMatchObject({ stale: true, lastRunAt: null });
  });

  it("reviews a verification with a reason the lender reads, and records it in the audit trail", async () => {
    const lender = newAccount();
    await t.db().insert(kycRecords).values({
      address: lender.address.toLowerCase(),
      status: "To be reviewed",
      entityType: "individual",
      fullName: "=HYPERLINK(evil)",
      email: null,
      provider: "local",
    });
    const cookie = await signIn(DEPLOYER);
    const queue = await call(kycQueue, getWithCookie("/api/manage/kyc", cookie));
    expect((queue.body.queue as { address: string }[]).map((q) => q.address)).toContain(
      lender.address.toLowerCase(),
    );
    // a rejection needs a reason: refused, nothing changed
    expectError(
      await call(
        kycReview,
        withCookie("/api/manage/kyc", cookie, { address: lender.address, decision: "reject" }),
      ),
      400,
      /reason/,
    );
    const r = await call(
      kycReview,
      withCookie("/api/manage/kyc", cookie, {
        address: lender.address,
        decision: "reject",
        reason: "=The ID document has expired",
      }),
    );
    expect(r.body.status).toBe("Rejected");
    const [row] = await t
      .db()
      .select()
      .from(kycRecords)
      .where(sql`address = ${lender.address.toLowerCase()}`);
    expect(row?.reviewReason).toBe("=The ID document has expired");
    // the lender reads the reason when the wallet tries to verify again
    const provider = new LocalKycProvider(t.db());
    const { sessionId } = await provider.startVerification({
      address: lender.address,
      isIndividual: true,
    });
    await expect(provider.submit({ session: sessionId, fullName: "Again" })).rejects.toThrow(
      /rejected.*Reason: =The ID document has expired/,
    );

    const trail = await call(audit, getWithCookie("/api/manage/audit", cookie));
    expect(trail.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: DEPLOYER.address.toLowerCase(),
          action: "kyc:reject",
          target: lender.address.toLowerCase(),
          reason: "=The ID document has expired",
        }),
      ]),
    );
    const csv = await auditCsv(getWithCookie("/api/manage/audit/csv", cookie), {
      params: Promise.resolve({}),
    });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const rows = parseCsv(await csv.text());
    const rejected = rows.find((cells) => cells[3] === "kyc:reject")!;
    // formula-safe: the reason starting with = is written with a leading apostrophe
    expect(rejected[5]).toBe("'=The ID document has expired");
  });

  it("records an operator's LendingPoolManager transaction from the chain, once; refuses another's", async () => {
    const cookie = await signIn(DEPLOYER);
    const hash = await admin.writeContract({
      address: deployment.lendingPoolManager,
      abi: parseAbi(["function setIncident(uint256 poolId, bool open)"]),
      functionName: "setIncident",
      args: [0n, false],
    });
    await admin.waitForTransactionReceipt({ hash });
    const r = await call(
      auditPost,
      withCookie("/api/manage/audit", cookie, { txHash: hash, reason: "drill" }),
    );
    expect(r.status).toBe(200);
    expect(r.body.recorded).toBe(true);
    const again = await call(
      auditPost,
      withCookie("/api/manage/audit", cookie, { txHash: hash, reason: "again" }),
    );
    expect(again.body.recorded).toBe(false);
    const rows = await t
      .db()
      .select()
      .from(consoleAudit)
      .where(sql`tx_hash = ${hash}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "incident:close", target: "pool 0", reason: "drill" });

    // a manager's session cannot record the deployer's transaction as its own
    snapshot ??= await test.snapshot();
    const manager = newAccount();
    await setRole(true, manager.address);
    const other = await signIn(manager);
    expectError(
      await call(auditPost, withCookie("/api/manage/audit", other, { txHash: hash, reason: "" })),
      400,
      /not sent by the signed-in wallet/,
    );
  });

  it("records a pool created from the console as pool:create on the new pool, with its tranches", async () => {
    snapshot ??= await test.snapshot();
    const cookie = await signIn(DEPLOYER);
    const draft = parsePoolDraft({
      name: "Invoice pool",
      subheading: "",
      requestEpochsInAdvance: "0",
      tranches: [
        {
          name: "Junior",
          apy: "12",
          minimumDeposit: "10",
          maximumDeposit: "5000",
          capacity: "100000",
        },
      ],
    });
    if (!draft.ok) throw new Error(draft.error);
    const hash = await admin.writeContract({
      address: deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "createPool",
      args: createPoolArgs(draft.value),
    });
    const receipt = await admin.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const r = await call(
      auditPost,
      withCookie("/api/manage/audit", cookie, { txHash: hash, reason: "New originator" }),
    );
    expect(r.body.recorded).toBe(true);
    const [row] = await t
      .db()
      .select()
      .from(consoleAudit)
      .where(sql`tx_hash = ${hash}`);
    const poolCount = await admin.readContract({
      address: deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "poolCount",
    });
    expect(row).toMatchObject({
      action: "pool:create",
      target: `pool ${poolCount - 1n}`,
      reason: "New originator",
    });
    expect(JSON.parse(row!.details.tranches!)).toEqual([
      expect.objectContaining({ name: "Junior", capacity: "100000000000" }),
    ]);
  });

  it("keeps the audit trail append-only: UPDATE and DELETE fail and change nothing", async () => {
    const before = await t.db().select().from(consoleAudit);
    expect(before.length).toBeGreaterThan(0);
    await expect(t.db().execute(sql`update console_audit set reason = 'edited'`)).rejects.toThrow();
    await expect(t.db().execute(sql`delete from console_audit`)).rejects.toThrow();
    expect(await t.db().select().from(consoleAudit)).toEqual(before);
  });
});
