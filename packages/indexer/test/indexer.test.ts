/**
 * The indexer end to end on a private anvil: backfill from the deployment block, live following,
 * statuses and amounts, SIGKILL at random points (answers equal to an uninterrupted run), anvil
 * reorgs of 3 and 10 blocks, pagination boundaries and the CSV round trip.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { approve, lock, parseCsv } from "@lending/sdk";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForIndexerReady, type Indexer } from "../../../scripts/src/lib/indexer";
import { getFreePort } from "../../../scripts/src/lib/net";
import { CSV_COLUMNS } from "../src/api/history";
import {
  devAccount,
  findTx,
  getJson,
  INDEXER_READY_MS,
  launchTestIndexer,
  startChain,
  startTestIndexer,
  transactions,
  waitFor,
  waitForBlock,
  type Chain,
} from "./helpers";

const usdc = (v: string) => parseUnits(v, 6);
const lender = (i: number) => devAccount(i).address;

let chain: Chain;
let tmp: string;
let a: Indexer;

const startOn = (name: string, fresh: boolean, port?: number): Promise<Indexer> =>
  launchTestIndexer(chain, path.join(tmp, name), { fresh, ...(port ? { port } : {}) });

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-test-"));
  chain = await startChain();
}, 120_000);

afterAll(async () => {
  await a?.stop();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("indexer", () => {
  const before: { junior?: bigint; mezz?: bigint; other?: bigint } = {};

  it("backfills requests made before it started, from the deployment block", async () => {
    before.junior = (
      await chain.deposit(1, {
        poolId: 0n,
        trancheId: 0n,
        amount: usdc("1000"),
        acceptanceSignature: "0xaa01",
      })
    ).nftId;
    before.mezz = (
      await chain.deposit(1, {
        poolId: 0n,
        trancheId: 1n,
        amount: usdc("250.5"),
        acceptanceSignature: "0xaa02",
      })
    ).nftId;
    // An increase of the same request (same pool, tranche and epoch), under its own contract.
    await chain.deposit(1, {
      poolId: 0n,
      trancheId: 0n,
      amount: usdc("500"),
      acceptanceSignature: "0xAA03",
    });
    before.other = (
      await chain.deposit(2, { poolId: 1n, trancheId: 0n, amount: usdc("42") })
    ).nftId;

    a = await startTestIndexer(chain, path.join(tmp, "a"));
    // Ready means the backfill is done; the blocks after its finalized block follow live.
    await waitForBlock(a.url, await chain.publicClient.getBlockNumber({ cacheTime: 0 }));

    const page = await transactions(a.url, lender(1));
    expect(page.total).toBe(2);
    // Newest request first.
    expect(page.items.map((t) => t.nftId)).toEqual([String(before.mezz), String(before.junior)]);
    const junior = findTx(page, before.junior!)!;
    expect(junior).toMatchObject({
      type: "Deposit",
      owner: lender(1).toLowerCase(),
      poolId: "0",
      poolName: "Harbour Invoice Finance",
      trancheId: 0,
      trancheName: "Junior",
      requestedAmount: usdc("1500").toString(),
      fixedTermConfigId: 0,
      fixedTermWeeks: null,
      requestStatus: "Requested",
      canCancel: true,
    });
    expect(Number(junior.apy)).toBeCloseTo(0.18, 3);
    expect(junior.events.map((e) => [e.type, e.amount])).toEqual([
      ["Request", usdc("1000").toString()],
      ["Increase", usdc("500").toString()],
    ]);
    const other = await transactions(a.url, lender(2));
    expect(other.items.map((t) => [t.poolName, t.trancheName, t.requestedAmount])).toEqual([
      ["Cash Management Fund", "Senior", usdc("42").toString()],
    ]);
  }, 200_000);

  it("is private on the real Ponder server: no CORS for another site, no preflight, /metrics to this machine", async () => {
    const evil = { origin: "https://evil.example" };
    for (const path of [
      "/status",
      "/ready",
      "/health",
      "/metrics",
      `/transactions?user=${lender(1)}`,
    ]) {
      const res = await fetch(`${a.url}${path}`, { headers: evil });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const preflight = await fetch(`${a.url}/transactions`, {
      method: "OPTIONS",
      headers: { ...evil, "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    // it listens on the loopback only: the URL the web server is given
    expect(new URL(a.url).hostname).toBe("127.0.0.1");
  });

  it("follows new blocks live: request, cancel, clearing, settlement, deposit records", async () => {
    const { nftId: senior } = await chain.deposit(1, {
      poolId: 0n,
      trancheId: 2n,
      amount: usdc("300"),
    });
    const seen = await waitFor("the live request", async () =>
      findTx(await transactions(a.url, lender(1)), senior),
    );
    expect(seen).toMatchObject({ trancheName: "Senior", requestedAmount: usdc("300").toString() });

    const cancel = await chain.cancelDeposit(1, 0n, before.mezz!);
    const cancelled = await waitFor("the cancellation", async () => {
      const t = findTx(await transactions(a.url, lender(1)), before.mezz!);
      // on PGlite a read can still see a block half written (docs/decisions.md): wait for both
      return t?.requestStatus === "Cancelled" && t.events.at(-1)?.type === "Cancelled"
        ? t
        : undefined;
    });
    expect(cancelled.canCancel).toBe(false);
    expect(cancelled.events.at(-1)).toMatchObject({
      type: "Cancelled",
      amount: usdc("250.5").toString(),
      transactionHash: cancel.transactionHash.toLowerCase(),
    });

    // Clearing makes the pending requests Processed (not cancellable) before any settlement.
    const epoch = BigInt(seen.epochId);
    await chain.clearThrough(0n, epoch);
    await waitFor("Processed after clearing", async () => {
      const t = findTx(await transactions(a.url, lender(1)), senior);
      return t?.requestStatus === "Processed" && !t.canCancel ? t : undefined;
    });

    const settled = await chain.settle(before.junior!);
    const junior = await waitFor("the settlement events", async () => {
      const t = findTx(await transactions(a.url, lender(1)), before.junior!);
      return t && t.events.length > 2 ? t : undefined;
    });
    const accepted = junior.events.filter((e) => e.type === "Accepted");
    const rejected = junior.events.filter((e) => e.type === "Rejected");
    const reallocated = junior.events.filter((e) => e.type === "Reallocated");
    const sum = (es: typeof accepted) => es.reduce((s, e) => s + BigInt(e.amount), 0n);
    // Every USDC of the request is accounted for by the settlement.
    expect(sum(accepted) + sum(rejected) + sum(reallocated)).toBe(usdc("1500"));
    expect(accepted[0]?.transactionHash).toBe(settled.transactionHash.toLowerCase());

    const { status, body } = await getJson<{
      items: { nftId: string; acceptedAmount: string; trancheName: string; poolName: string }[];
      total: number;
    }>(`${a.url}/deposit-records?user=${lender(1)}`);
    expect(status).toBe(200);
    const own = body.items.find(
      (r) => r.nftId === String(before.junior) && r.trancheName === "Junior",
    );
    expect(own).toMatchObject({
      acceptedAmount: sum(accepted).toString(),
      poolName: "Harbour Invoice Finance",
    });

    // The loan contracts the deposits carried, newest first: each contract's own deposit, and
    // its pro-rata share of what clearing accepted for the request (in its tranche or
    // reallocated); a cancelled deposit accepted nothing; an uncleared one is still null.
    const contracts = await getJson<{
      items: {
        nftId: string;
        signature: string;
        depositAmount: string;
        acceptedAmount: string | null;
        poolName: string;
        trancheName: string;
      }[];
      total: number;
    }>(`${a.url}/loan-contracts?user=${lender(1)}&pageSize=100`);
    expect(contracts.status).toBe(200);
    const taken = sum(accepted) + sum(reallocated);
    expect(contracts.body.total).toBe(4);
    expect(
      contracts.body.items.map((c) => [c.signature, c.nftId, c.depositAmount, c.acceptedAmount]),
    ).toEqual([
      ["0x01", String(senior), usdc("300").toString(), null],
      [
        "0xaa03",
        String(before.junior),
        usdc("500").toString(),
        ((taken * 500n) / 1500n).toString(),
      ],
      ["0xaa02", String(before.mezz), usdc("250.5").toString(), "0"],
      [
        "0xaa01",
        String(before.junior),
        usdc("1000").toString(),
        ((taken * 1000n) / 1500n).toString(),
      ],
    ]);
    expect(contracts.body.items[1]).toMatchObject({
      poolName: "Harbour Invoice Finance",
      trancheName: "Junior",
    });
    const other = await getJson<{ total: number }>(`${a.url}/loan-contracts?user=${lender(2)}`);
    expect(other.body.total).toBe(1); // lender 2's own deposit only

    // The pool manager forces a withdrawal of some of the lender's shares: Forced, not
    // cancellable, with its Request and Forced events in the same transaction.
    const shares = await chain.publicClient.readContract({
      ...chain.manager,
      functionName: "sharesOf",
      args: [0n, 0n, lender(1)],
    });
    expect(shares).toBeGreaterThan(0n);
    const forced = await chain.force({
      poolId: 0n,
      trancheId: 0n,
      user: lender(1),
      shares: shares / 2n,
    });
    const forcedTx = await waitFor("the forced withdrawal", async () => {
      const p = await transactions(a.url, lender(1));
      return p.items.find(
        (t) => t.type === "Withdrawal" && t.requestStatus === "Forced" && t.events.length === 2,
      );
    });
    expect(forcedTx).toMatchObject({
      owner: lender(1).toLowerCase(),
      trancheName: "Junior",
      requestedAmount: (shares / 2n).toString(),
      canCancel: false,
    });
    expect(forcedTx.events.map((e) => [e.type, e.amount, e.transactionHash])).toEqual([
      ["Request", (shares / 2n).toString(), forced.transactionHash.toLowerCase()],
      ["Forced", (shares / 2n).toString(), forced.transactionHash.toLowerCase()],
    ]);

    // A few known requests of one lender by id (another lender's ids are not answered).
    const byId = await getJson<{ items: { nftId: string; type: string }[] }>(
      `${a.url}/requests?user=${lender(1)}&ids=${forcedTx.nftId},${before.junior},999999`,
    );
    expect(byId.body.items.map((t) => [t.nftId, t.type]).sort()).toEqual(
      [
        [forcedTx.nftId, "Withdrawal"],
        [String(before.junior), "Deposit"],
      ].sort(),
    );
    expect(
      (
        await getJson<{ items: unknown[] }>(
          `${a.url}/requests?user=${lender(2)}&ids=${forcedTx.nftId}`,
        )
      ).body.items,
    ).toEqual([]);
    for (const bad of [
      "",
      "&ids=",
      "&ids=1,x",
      `&ids=${Array.from({ length: 101 }, (_, i) => i).join(",")}`,
    ]) {
      expect((await getJson(`${a.url}/requests?user=${lender(1)}${bad}`)).status).toBe(400);
    }
    // The lenders accepted into a tranche (its own deposits or reallocated into it), a page at a time.
    const lenders = await getJson<{ items: string[]; hasMore: boolean }>(
      `${a.url}/tranche-lenders?pool=0&tranche=0`,
    );
    expect(lenders.status).toBe(200);
    expect(lenders.body.items).toContain(lender(1).toLowerCase());
    const paged = await getJson<{ items: string[]; hasMore: boolean }>(
      `${a.url}/tranche-lenders?pool=0&tranche=0&page=1&pageSize=1`,
    );
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.hasMore).toBe(lenders.body.items.length > 1);
    expect((await getJson(`${a.url}/tranche-lenders?pool=0`)).status).toBe(400);

    // Rewards: a lock's launch bonus (KSU), newest first, with the totals of every kind.
    const ksu = parseUnits("1000", 18);
    await chain.send(
      1,
      approve({ token: chain.deployment.ksu, spender: chain.deployment.ksuLocking, amount: ksu }),
    );
    const locked = await chain.send(1, lock(chain.deployment, { amount: ksu, lockPeriodId: 2n }));
    const rewards = await waitFor("the launch bonus", async () => {
      const r = await getJson<{
        totals: Record<string, string>;
        items: { kind: string; token: string; amount: string; transactionHash: string }[];
        total: number;
      }>(`${a.url}/rewards?user=${lender(1)}`);
      return r.body.total > 0 ? r.body : undefined;
    });
    expect(rewards.items).toEqual([
      expect.objectContaining({
        kind: "launchBonus",
        token: "KSU",
        amount: parseUnits("100", 18).toString(),
        transactionHash: locked.transactionHash.toLowerCase(),
      }),
    ]);
    expect(rewards.totals).toEqual({
      feesClaimed: "0",
      bonusClaimed: "0",
      launchBonus: parseUnits("100", 18).toString(),
      referralPaid: "0",
    });
    expect((await getJson(`${a.url}/rewards?user=nope`)).status).toBe(400);
    expect((await getJson(`${a.url}/tranche-lenders?pool=x&tranche=0`)).status).toBe(400);
  }, 120_000);

  it("follows anvil reorgs of 3 and 10 blocks", async () => {
    for (const depth of [3, 10]) {
      const start = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
      const { nftId } = await chain.deposit(3, { poolId: 1n, trancheId: 0n, amount: usdc("11") });
      await chain.testClient.mine({ blocks: depth });
      await waitFor("the request before the reorg", async () =>
        findTx(await transactions(a.url, lender(3)), nftId),
      );
      // Replace the last `depth` blocks (the deposit is among them) with empty ones.
      const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
      expect(head - start).toBeLessThanOrEqual(BigInt(depth) + 2n);
      await chain.testClient.request({
        method: "anvil_reorg" as never,
        params: [depth + 1, []] as never,
      });
      await chain.testClient.mine({ blocks: 2 });
      const after = await waitFor(`the rows after a ${depth}-block reorg`, async () => {
        const p = await transactions(a.url, lender(3));
        return findTx(p, nftId) ? undefined : p;
      });
      expect(after.items.every((t) => BigInt(t.nftId) !== nftId)).toBe(true);
    }
    // The chain goes on: a new request on the canonical chain shows up.
    const { nftId } = await chain.deposit(3, { poolId: 1n, trancheId: 0n, amount: usdc("12") });
    const t = await waitFor("a request after the reorgs", async () => {
      const found = findTx(await transactions(a.url, lender(3)), nftId);
      return found && found.events.length > 0 ? found : undefined;
    });
    expect(t.requestedAmount).toBe(usdc("12").toString());
    expect(t.events.map((e) => e.type)).toEqual(["Request"]);
  }, 120_000);

  it("answers the same after being killed 5 times at random points as an uninterrupted run", async () => {
    const port = await getFreePort();
    let b = await startOn("b", true, port);
    let producing = true;
    // Live traffic while the second indexer is killed and restarted.
    const producer = (async () => {
      let trancheId = 0n;
      while (producing) {
        await chain.deposit(4, { poolId: 0n, trancheId, amount: usdc("100") });
        trancheId = (trancheId + 1n) % 3n;
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    try {
      for (let i = 0; i < 5; i++) {
        // Random points: while starting, backfilling or following live blocks.
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 6000));
        const child = b.child;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once("exit", r));
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            child.kill("SIGKILL"); // its group is gone already
          }
          await exited;
        }
        b = await startOn("b", false, port);
      }
    } finally {
      producing = false;
      await producer;
    }
    try {
      await waitForIndexerReady(b, INDEXER_READY_MS);
      const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
      await Promise.all([waitForBlock(a.url, head), waitForBlock(b.url, head, 60_000)]);
      for (const i of [1, 2, 3, 4]) {
        const user = lender(i);
        const [ta, tb] = await Promise.all([transactions(a.url, user), transactions(b.url, user)]);
        expect(tb).toEqual(ta);
        const [ca, cb] = await Promise.all([
          fetch(`${a.url}/transactions.csv?user=${user}`).then((r) => r.text()),
          fetch(`${b.url}/transactions.csv?user=${user}`).then((r) => r.text()),
        ]);
        expect(cb).toBe(ca);
        const [da, db] = await Promise.all([
          getJson(`${a.url}/deposit-records?user=${user}&pageSize=100`),
          getJson(`${b.url}/deposit-records?user=${user}&pageSize=100`),
        ]);
        expect(db).toEqual(da);
      }
      expect((await transactions(b.url, lender(4))).total).toBeGreaterThanOrEqual(3);
    } finally {
      await b.stop();
    }
  }, 300_000);

  it("pages newest first with exact boundaries and rejects bad parameters with 400 JSON", async () => {
    const all = await transactions(a.url, lender(4));
    expect(all.total).toBeGreaterThanOrEqual(3);
    const pageSize = 2;
    const pages = Math.ceil(all.total / pageSize);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const p = await transactions(a.url, lender(4), page, pageSize);
      expect(p).toMatchObject({ page, pageSize, total: all.total });
      expect(p.items.length).toBe(page < pages ? pageSize : all.total - pageSize * (pages - 1));
      seen.push(...p.items.map((t) => t.nftId));
    }
    expect(seen).toEqual(all.items.map((t) => t.nftId));
    const times = all.items.map((t) => t.requestTimestamp);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const past = await transactions(a.url, lender(4), pages + 1, pageSize);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
    // Checksummed and lowercase addresses are the same user.
    expect((await transactions(a.url, lender(4).toLowerCase())).total).toBe(all.total);

    for (const q of [
      "",
      "user=0x123",
      `user=${lender(4)}&page=0`,
      `user=${lender(4)}&page=abc`,
      `user=${lender(4)}&page=1.5`,
      `user=${lender(4)}&pageSize=0`,
      `user=${lender(4)}&pageSize=101`,
    ]) {
      const { status, body } = await getJson<{ statusCode: number; message: string }>(
        `${a.url}/transactions?${q}`,
      );
      expect(status, q).toBe(400);
      expect(body.statusCode).toBe(400);
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect((await getJson(`${a.url}/transactions.csv?user=nope`)).status).toBe(400);
    expect((await getJson(`${a.url}/deposit-records?user=${lender(4)}&pageSize=101`)).status).toBe(
      400,
    );
    expect((await getJson(`${a.url}/loan-contracts?user=nope`)).status).toBe(400);
    expect((await getJson(`${a.url}/loan-contracts?user=${lender(4)}&page=0`)).status).toBe(400);
  });

  it("exports the whole history as RFC 4180 CSV that parses back to the same fields", async () => {
    const name = 'Pool, "Quoted"\r\nSecond line';
    const poolId = await chain.createPool(name);
    const { nftId } = await chain.deposit(2, { poolId, trancheId: 0n, amount: usdc("7.25") });
    const page = await waitFor("the request in the new pool", async () => {
      const p = await transactions(a.url, lender(2));
      return findTx(p, nftId) ? p : undefined;
    });
    const res = await fetch(`${a.url}/transactions.csv?user=${lender(2)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBe(1 + page.total);
    const col = (n: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(n);
    const row = rows.find((r) => r[col("NFT ID")] === String(nftId))!;
    expect(row[col("Pool")]).toBe(name);
    expect(row[col("Tranche")]).toBe('Tranche "A", first');
    expect(row[col("Requested amount")]).toBe("7.25");
    expect(row[col("Type")]).toBe("Deposit");
    expect(row[col("Status")]).toBe("Requested");
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
  });
});
