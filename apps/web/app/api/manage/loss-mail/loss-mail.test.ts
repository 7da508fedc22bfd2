// @vitest-environment node
/**
 * Issue 27, the console's "Report loss" step: after the operator's wallet reports a loss, each
 * lender of the pool with an email on file is mailed once (to the outbox, as the epoch mails
 * are), with the reason the operator recorded with the report; the same service serves the ops
 * CLI (`loss:report`). The reason is then what lenders and visitors read beside the loss
 * (GET /api/lender-losses, GET /api/pool-notices): pool-level, public. Strangers, bad input and
 * a transaction that reported no loss are refused, writing nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { HistoryLoss, PoolLoss, PoolNotice } from "@lending/sdk";
import { lendingPoolManagerAbi } from "@lending/sdk";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { lenderLoss, poolLoss } from "@/features/incidents/fixture";
import { kycRecords, lossMails, outbox } from "@/server/db/schema";
import { PEER_ADDRESS_HEADER } from "@/server/http/client";
import { announceLoss } from "@/server/services/manage/loss-report";
import {
  call,
  databaseFingerprint,
  expectError,
  getRequest,
  newAccount,
  postRequest,
  setupApiTestDatabase,
} from "@/server/test/harness";
import { signIn } from "@/server/test/session";
import { evmRevert, evmSnapshot } from "../../../../../../scripts/src/fixture/snapshot";
import { devAccount } from "../../../../../../scripts/src/lib/dev-accounts";
import { testChain } from "../../../../../../scripts/src/ops/test-chain";
import { GET as lenderLosses } from "../../lender-losses/route";
import { GET as poolNotices } from "../../pool-notices/route";
import { POST as audit } from "../audit/route";
import { POST as lossMail } from "./route";

const DEPLOYER = privateKeyToAccount(devAccount(0).privateKey);
const CASH_POOL = 1n;
const REASON = "Harbour Freight Ltd missed its second instalment; recovery is unlikely.";

let ip = 0;
const fromNewIp = () => ({ [PEER_ADDRESS_HEADER]: `198.51.100.${(ip++ % 200) + 1}` });
const post = (path: string, body: unknown, cookie?: string) =>
  postRequest(path, body, { ...fromNewIp(), ...(cookie ? { cookie } : {}) });

/** A stand-in for the indexer's API (the loss the chain reported, its lenders). */
function stubIndexer() {
  const data: { losses: PoolLoss[]; lenders: HistoryLoss[]; block: number } = {
    losses: [],
    lenders: [],
    block: 0,
  };
  const json = (res: import("node:http").ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/status") return json(res, { anvil: { block: { number: data.block } } });
    if (url.pathname === "/losses") return json(res, { items: data.losses });
    if (url.pathname === "/loss-lenders" || url.pathname === "/lender-losses") {
      const user = url.searchParams.get("user");
      const items = user ? data.lenders.filter((l) => l.owner === user) : data.lenders;
      return json(res, {
        items,
        hasMore: false,
        page: 1,
        pageSize: 100,
        total: items.length,
      });
    }
    if (url.pathname === "/pool-notices") {
      const notices: PoolNotice[] = data.losses.map((l) => ({
        poolId: l.poolId,
        poolName: l.poolName,
        openIncident: null,
        latestLoss: l,
        lossCount: 1,
      }));
      return json(res, { items: notices });
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ statusCode: 404, message: "Not found" }));
  });
  return { server, data };
}

describe("/api/manage/loss-mail and the loss's reason", () => {
  const t = setupApiTestDatabase();
  const anvil = inject("anvil");
  const chain = testChain(anvil);
  const stub = stubIndexer();
  const previous = process.env.INDEXER_URL;
  let snapshot: string;
  const withEmail = devAccount(4); // funded with test USDC by the seed
  const withoutEmail = devAccount(6);

  beforeAll(async () => {
    snapshot = await evmSnapshot(anvil.rpcUrl);
    await new Promise<void>((r) => stub.server.listen(0, "127.0.0.1", r));
    process.env.INDEXER_URL = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.INDEXER_URL;
    else process.env.INDEXER_URL = previous;
    await new Promise((r) => stub.server.close(r));
    await evmRevert(anvil.rpcUrl, snapshot);
  });

  /** The operator's wallet draws, opens an incident and reports a loss of 10 USDC. */
  async function reportLossOnChain() {
    await chain.settledPosition(withEmail, { pool: CASH_POOL });
    const lpm = { address: anvil.deployment.lendingPoolManager, abi: lendingPoolManagerAbi };
    await chain.send(chain.admin, {
      ...lpm,
      functionName: "draw",
      args: [CASH_POOL, 20_000_000n, DEPLOYER.address],
    });
    await chain.send(chain.admin, { ...lpm, functionName: "setIncident", args: [CASH_POOL, true] });
    return chain.send(chain.admin, {
      ...lpm,
      functionName: "reportLoss",
      args: [CASH_POOL, 10_000_000n],
    });
  }

  it("mails each lender with an email once, with the operator's reason; lenders and visitors read the reason", async () => {
    const report = await reportLossOnChain();
    const hash = report.transactionHash;
    const loss = poolLoss({ hash, chainId: anvil.chainId, block: report.blockNumber });
    stub.data.losses = [loss];
    stub.data.lenders = [
      lenderLoss(withEmail.address, loss),
      lenderLoss(withoutEmail.address, loss),
    ];
    stub.data.block = Number(report.blockNumber);
    await t.db().insert(kycRecords).values({
      address: withEmail.address.toLowerCase(),
      status: "Active",
      entityType: "individual",
      fullName: "Grace Hopper",
      email: "grace@example.com",
      provider: "local",
    });

    // before the console records the reason, the loss carries none
    const anonymous = await call(
      lenderLosses,
      getRequest(`/api/lender-losses?user=${withEmail.address}`, fromNewIp()),
    );
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.items).toEqual([expect.objectContaining({ reason: null })]);

    // the console: the transaction is audited with the reason, then the lenders are mailed
    const cookie = await signIn(DEPLOYER);
    const audited = await call(
      audit,
      post("/api/manage/audit", { txHash: hash, reason: REASON }, cookie),
    );
    expect(audited.status).toBe(200);
    const mailed = await call(lossMail, post("/api/manage/loss-mail", { txHash: hash }, cookie));
    expect(mailed.status).toBe(200);
    expect(mailed.body).toEqual({ poolId: "1", lenders: 2, mailed: 1, alreadyMailed: 0 });
    const mails = await t.db().select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "grace@example.com" });
    expect(mails[0]!.subject).toBe("A loss was reported on Cash pool");
    expect(mails[0]!.text).toContain(`The pool manager's note: ${REASON}`);

    // once per lender and loss: the console again, and the CLI's service with its own reason
    const again = await call(lossMail, post("/api/manage/loss-mail", { txHash: hash }, cookie));
    expect(again.body).toMatchObject({ mailed: 0, alreadyMailed: 1 });
    const cli = await announceLoss(
      t.db(),
      {
        chainId: anvil.chainId,
        indexerUrl: process.env.INDEXER_URL!,
        mail: { from: "no-reply@example.com" },
        portfolioUrl: "http://localhost:3000/portfolio",
        emailOf: async (a) =>
          a.toLowerCase() === withEmail.address.toLowerCase() ? "grace@example.com" : null,
      },
      { poolId: CASH_POOL, hash, reason: "another reason" },
    );
    expect(cli).toEqual({ lenders: 2, mailed: 0, alreadyMailed: 1 });
    expect(await t.db().select().from(outbox)).toHaveLength(1);
    expect(await t.db().select().from(lossMails)).toHaveLength(1);

    // the lender's loss notice and the pool's card read the reason, without a session
    const losses = await call(
      lenderLosses,
      getRequest(`/api/lender-losses?user=${withEmail.address}`, fromNewIp()),
    );
    expect(losses.body.items).toEqual([
      expect.objectContaining({ transactionHash: hash, reason: REASON }),
    ]);
    const notices = await call(poolNotices, getRequest("/api/pool-notices", fromNewIp()));
    expect(notices.body.items).toEqual([
      expect.objectContaining({
        poolId: "1",
        latestLoss: expect.objectContaining({ reason: REASON }),
      }),
    ]);
  });

  it("refuses a visitor, a stranger, bad input and a transaction that reported no loss, mailing nobody", async () => {
    const before = await databaseFingerprint(t.db());
    const someHash = `0x${"ab".repeat(32)}`;
    expectError(await call(lossMail, post("/api/manage/loss-mail", { txHash: someHash })), 401);
    const stranger = await signIn(newAccount());
    expectError(
      await call(lossMail, post("/api/manage/loss-mail", { txHash: someHash }, stranger)),
      403,
    );
    const cookie = await signIn(DEPLOYER);
    expectError(
      await call(lossMail, post("/api/manage/loss-mail", { txHash: "0x12" }, cookie)),
      400,
      /txHash/,
    );
    expectError(
      await call(lossMail, post("/api/manage/loss-mail", { txHash: someHash }, cookie)),
      400,
      /not a mined, successful one/,
    );
    const notALoss = await chain.send(chain.admin, {
      address: anvil.deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "setIncident",
      args: [CASH_POOL, false],
    });
    expectError(
      await call(
        lossMail,
        post("/api/manage/loss-mail", { txHash: notALoss.transactionHash }, cookie),
      ),
      400,
      /reported no loss/,
    );
    const after = await databaseFingerprint(t.db());
    expect({ ...after, sessions: "", auth_nonces: "" }).toEqual({
      ...before,
      sessions: "",
      auth_nonces: "",
    });
  });
});
