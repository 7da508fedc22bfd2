/**
 * The pool page's history as the indexer serves it, on a private anvil: GET /pool-epochs (each
 * clearing with every tranche's rate, price, value and capacity, and the pool's drawn principal,
 * as the chain says at the clearing block) and GET /pool-transactions (the lenders' request
 * events of one pool, addresses only, paged), with 404 for an unknown pool and 400 for bad input.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { PoolEpochsResponse, PoolTransactionsPage } from "../../sdk/src/entities/history";
import type { Indexer } from "../../../scripts/src/lib/indexer";
import {
  devAccount,
  getJson,
  startChain,
  startTestIndexer,
  waitForBlock,
  type Chain,
} from "./helpers";

const usdc = (v: string) => parseUnits(v, 6);
const address = (i: number) => devAccount(i).address.toLowerCase();

let chain: Chain;
let tmp: string;
let indexer: Indexer;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-pool-page-test-"));
  chain = await startChain();
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("indexer: the pool page's history", () => {
  it("serves each clearing with the pool's figures at its block, and the pool's request events", async () => {
    onTestFailed(() => console.log(`[indexer output]\n${indexer?.output()}`));
    const junior = await chain.deposit(1, { poolId: 0n, trancheId: 0n, amount: usdc("1000") });
    await chain.deposit(2, { poolId: 0n, trancheId: 1n, amount: usdc("500") });
    await chain.deposit(3, { poolId: 1n, trancheId: 0n, amount: usdc("100") });
    const epoch = (
      await chain.publicClient.readContract({
        ...chain.manager,
        functionName: "requestStatus",
        args: [junior.nftId],
      })
    ).epoch;
    await chain.clearThrough(0n, epoch);

    indexer = await startTestIndexer(chain, path.join(tmp, "a"));
    await waitForBlock(indexer.url, await chain.publicClient.getBlockNumber({ cacheTime: 0 }));

    const { status, body } = await getJson<PoolEpochsResponse>(`${indexer.url}/pool-epochs?pool=0`);
    expect(status).toBe(200);
    const cleared = body.items.find((e) => e.epoch === epoch.toString())!;
    expect(cleared).toBeDefined();
    // what the chain says now (nothing happened to pool 0 after its clearing)
    const [view, state] = await Promise.all([
      chain.publicClient.readContract({ ...chain.manager, functionName: "getPool", args: [0n] }),
      chain.publicClient.readContract({
        ...chain.manager,
        functionName: "getPoolState",
        args: [0n],
      }),
    ]);
    expect(cleared.drawnPrincipal).toBe(state.drawnPrincipal.toString());
    expect(cleared.depositsAccepted).toBe(usdc("1500").toString());
    expect(
      cleared.tranches.map((t) => [t.trancheId, t.trancheName, t.totalAssets, t.capacity]),
    ).toEqual(
      view.tranches.map((t) => [
        t.id.toString(),
        t.name,
        t.totalAssets.toString(),
        t.capacity.toString(),
      ]),
    );
    expect(BigInt(cleared.tranches[0]!.totalAssets!)).toBeGreaterThanOrEqual(usdc("1000"));

    // pool 0's events only (not pool 1's), oldest first, lenders by address (cleared, not yet
    // settled: the requests alone)
    const all = await getJson<PoolTransactionsPage>(
      `${indexer.url}/pool-transactions?pool=0&pageSize=1000`,
    );
    expect(all.status).toBe(200);
    const owners = new Set(all.body.items.map((t) => t.owner));
    expect(owners).toEqual(new Set([address(1), address(2)]));
    const requests = all.body.items.filter((t) => t.type === "Request");
    expect(requests.map((t) => [t.kind, t.trancheName, t.amount])).toEqual([
      ["Deposit", "Junior", usdc("1000").toString()],
      ["Deposit", view.tranches[1]!.name, usdc("500").toString()],
    ]);
    expect(all.body.hasMore).toBe(false);
    const first = await getJson<PoolTransactionsPage>(
      `${indexer.url}/pool-transactions?pool=0&page=1&pageSize=1`,
    );
    expect(first.body.items).toEqual(all.body.items.slice(0, 1));
    expect(first.body.hasMore).toBe(true);

    expect((await getJson(`${indexer.url}/pool-epochs?pool=99`)).status).toBe(404);
    expect((await getJson(`${indexer.url}/pool-transactions?pool=99`)).status).toBe(404);
    for (const q of ["pool=x", "", "pool=0&limit=0", "pool=0&limit=521"]) {
      expect((await getJson(`${indexer.url}/pool-epochs?${q}`)).status).toBe(400);
    }
    expect((await getJson(`${indexer.url}/pool-transactions?pool=0&pageSize=1001`)).status).toBe(
      400,
    );
  }, 300_000); // Ponder's start and backfill: minutes on a loaded machine
});
