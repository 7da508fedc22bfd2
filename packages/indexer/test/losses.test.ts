/**
 * A default as the indexer sees it, on a private anvil: the pool manager plays the documented
 * procedure (open an incident, report a loss, clear, close) and the API answers the incident
 * periods, the loss per tranche, each lender's change (a Loss row in /transactions and its CSV)
 * and the pool notices.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { formatUsdcChange, parseCsv } from "@lending/sdk";
import { createWalletClient, formatUnits, http, parseUnits, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type {
  HistoryLoss,
  PoolIncident,
  PoolLoss,
  PoolNotice,
} from "../../sdk/src/entities/history";
import { openMigratedTestDatabase } from "../../../apps/web/src/server/test/pglite-template";
import { outbox } from "../../../apps/web/src/server/db/schema";
import { openIncident, playDefault } from "../../../apps/web/src/server/services/incidents";
import { mailLossReport } from "../../../apps/web/src/server/services/loss-notices";
import type { Indexer } from "../../../scripts/src/lib/indexer";
import { CSV_COLUMNS } from "../src/api/history";
import {
  devAccount,
  getJson,
  history,
  startChain,
  startTestIndexer,
  waitForBlock,
  type Chain,
} from "./helpers";

const usdc = (v: string) => parseUnits(v, 6);
const JUNIOR_LENDER = 1;
const MEZZ_LENDER = 2;
const BYSTANDER = 3;
const address = (i: number) => devAccount(i).address.toLowerCase();

let chain: Chain;
let tmp: string;
let indexer: Indexer;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-loss-test-"));
  chain = await startChain();
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("indexer: incidents and losses", () => {
  it("records the incident, the loss per tranche and each lender's change", async () => {
    onTestFailed(() => console.log(`[indexer output]\n${indexer?.output()}`));
    const junior = await chain.deposit(JUNIOR_LENDER, {
      poolId: 0n,
      trancheId: 0n,
      amount: usdc("1000"),
    });
    await chain.deposit(MEZZ_LENDER, { poolId: 0n, trancheId: 1n, amount: usdc("500") });
    await chain.deposit(BYSTANDER, { poolId: 1n, trancheId: 0n, amount: usdc("100") });
    const epoch = (
      await chain.publicClient.readContract({
        ...chain.manager,
        functionName: "requestStatus",
        args: [junior.nftId],
      })
    ).epoch;
    await chain.clearThrough(0n, epoch);
    await chain.clearThrough(1n, epoch);

    indexer = await startTestIndexer(chain, path.join(tmp, "a"));

    const ctx = {
      publicClient: chain.publicClient as PublicClient,
      walletClient: createWalletClient({
        account: devAccount(0),
        chain: chain.publicClient.chain,
        transport: http(chain.rpcUrl),
      }),
      deployment: chain.deployment,
      local: true,
    };
    // An incident of its own first (an operator suspects a loss), then the whole play: 1,100
    // USDC wipes the Junior tranche (1,000) and takes 100 from the Mezzanine.
    const opened = await openIncident(ctx, 0n);
    const steps = await playDefault(ctx, { poolId: 0n, amount: usdc("1100") });
    const report = steps.find((s) => s.action === "loss:report")!;
    const closed = steps.find((s) => s.action === "incident:close")!;
    await waitForBlock(indexer.url, await chain.publicClient.getBlockNumber({ cacheTime: 0 }));

    const incidents = await getJson<{ items: PoolIncident[]; total: number }>(
      `${indexer.url}/incidents?pool=0`,
    );
    expect(incidents.body.total).toBe(1);
    expect(incidents.body.items[0]).toMatchObject({
      poolId: "0",
      openTransactionHash: opened.hash,
      closeTransactionHash: closed.hash,
    });
    expect(incidents.body.items[0]!.closedAt).toBeGreaterThanOrEqual(
      incidents.body.items[0]!.openedAt,
    );

    const losses = await getJson<{ items: PoolLoss[]; total: number }>(
      `${indexer.url}/losses?pool=0`,
    );
    expect(losses.body.total).toBe(1);
    const [loss] = losses.body.items;
    expect(loss).toMatchObject({ poolId: "0", amount: "1100000000", transactionHash: report.hash });
    const cut = (t: PoolLoss["tranches"][number]) => BigInt(t.valueBefore) - BigInt(t.valueAfter);
    expect(loss!.tranches.map((t) => t.trancheId)).toEqual([0, 1]);
    expect(loss!.tranches.reduce((s, t) => s + cut(t), 0n)).toBe(usdc("1100"));
    expect(loss!.tranches[0]!.valueAfter).toBe("0");

    const page = await history(indexer.url, address(JUNIOR_LENDER));
    const row = page.items[0] as HistoryLoss;
    expect(row.type).toBe("Loss");
    expect(page.total).toBe(2); // the deposit and the loss
    expect(row).toMatchObject({
      poolId: "0",
      poolLoss: "1100000000",
      transactionHash: report.hash,
    });
    expect(row.tranches).toHaveLength(1);
    expect(row.tranches[0]).toMatchObject({
      trancheId: 0,
      variableAfter: "0",
      fixedTermAfter: "0",
    });
    expect(BigInt(row.change)).toBe(-BigInt(row.tranches[0]!.variableBefore));

    const mezz = (await history(indexer.url, address(MEZZ_LENDER))).items[0] as HistoryLoss;
    expect(mezz.type).toBe("Loss");
    expect(BigInt(mezz.change)).toBe(-cut(loss!.tranches[1]!)); // the tranche's only lender
    const bystander = await history(indexer.url, address(BYSTANDER));
    expect(bystander.items.map((i) => i.type)).toEqual(["Deposit"]);

    const lenderLosses = await getJson<{ items: HistoryLoss[]; total: number }>(
      `${indexer.url}/lender-losses?user=${address(MEZZ_LENDER)}&pageSize=1`,
    );
    expect(lenderLosses.body.total).toBe(1);
    expect(lenderLosses.body.items[0]?.id).toBe(mezz.id);

    const notices = await getJson<{ items: PoolNotice[] }>(`${indexer.url}/pool-notices`);
    expect(notices.body.items).toHaveLength(1);
    expect(notices.body.items[0]).toMatchObject({ poolId: "0", openIncident: null, lossCount: 1 });
    expect(notices.body.items[0]?.latestLoss?.id).toBe(loss!.id);

    const csv = parseCsv(
      await (await fetch(`${indexer.url}/transactions.csv?user=${address(JUNIOR_LENDER)}`)).text(),
    );
    const lossLine = csv.find((r) => r[0] === "Loss");
    expect(lossLine?.[4]).toBe(formatUnits(BigInt(row.change), 6));
    expect(lossLine?.[4]).toMatch(/^-\d/);
    expect(lossLine?.[CSV_COLUMNS.indexOf("Request transaction")]).toBe(report.hash);

    // the mail: one per lender of the pool with an email on file (the outbox, no SMTP)
    const handle = await openMigratedTestDatabase();
    try {
      const emails: Record<string, string> = { [address(JUNIOR_LENDER)]: "junior@example.com" };
      const result = await mailLossReport(
        handle.db,
        {
          indexerUrl: indexer.url,
          mail: { from: "no-reply@lending.example" },
          portfolioUrl: "http://app.example/portfolio",
          emailOf: async (a) => emails[a.toLowerCase()] ?? null,
        },
        { poolId: 0n, hash: report.hash, reason: "Borrower missed two repayments" },
      );
      // the Mezzanine lender has no email
      expect(result).toEqual({ lenders: 2, mailed: 1, alreadyMailed: 0 });
      const mails = await handle.db.select().from(outbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: "junior@example.com", transport: "outbox" });
      expect(mails[0]!.subject).toBe(`A loss was reported on ${row.poolName}`);
      expect(mails[0]!.text).toContain(`reported a loss of 1,100.00 USDC on ${row.poolName}`);
      expect(mails[0]!.text).toContain(
        `Tranches hit: ${loss!.tranches.map((t) => t.trancheName).join(", ")}.`,
      );
      expect(mails[0]!.text).toContain(
        `Your position changed by ${formatUsdcChange(row.change)} USDC`,
      );
      expect(mails[0]!.text).toContain("The pool manager's note: Borrower missed two repayments");
      expect(mails[0]!.text).toContain(report.hash);

      // mailing the same loss again (ops loss:mail after a crash) mails nobody twice
      const twice = await mailLossReport(
        handle.db,
        {
          indexerUrl: indexer.url,
          mail: { from: "no-reply@lending.example" },
          portfolioUrl: "http://app.example/portfolio",
          emailOf: async (a) => emails[a.toLowerCase()] ?? null,
        },
        { poolId: 0n, hash: report.hash },
      );
      expect(twice).toEqual({ lenders: 2, mailed: 0, alreadyMailed: 1 });
      expect(await handle.db.select().from(outbox)).toHaveLength(1);

      // a second loss, mailed at once (the mail waits for the indexer to have all of it)
      const again = await playDefault(ctx, { poolId: 0n, amount: usdc("1") });
      const second = again.find((s) => s.action === "loss:report")!;
      const resent = await mailLossReport(
        handle.db,
        {
          indexerUrl: indexer.url,
          mail: { from: "no-reply@lending.example" },
          portfolioUrl: "http://app.example/portfolio",
          emailOf: async (a) => emails[a.toLowerCase()] ?? null,
        },
        { poolId: 0n, hash: second.hash },
      );
      expect(resent).toEqual({ lenders: 2, mailed: 1, alreadyMailed: 0 });
      expect(await handle.db.select().from(outbox)).toHaveLength(2);
    } finally {
      await handle.close();
    }

    expect((await getJson(`${indexer.url}/losses?pool=x`)).status).toBe(400);
    expect((await getJson(`${indexer.url}/loss-lenders?loss=nope`)).status).toBe(400);
    expect((await getJson(`${indexer.url}/lender-losses`)).status).toBe(400);
  }, 300_000); // Ponder's start, two plays and the mails: 110-130 s on a loaded 2-core machine
});
