/**
 * Issue 23's acceptance for history rows, on a private anvil with the real indexer: every row a
 * lender sees (GET /transactions, the CSV) is checked against the chain. A scripted history on
 * the one-tranche Cash Management Fund (pool 1, a 2-epoch fixed term): deposits (one fixed),
 * Fix APY on free shares, withdraw at expiry, two withdrawals in one epoch, a forced return, a
 * loss before they are paid, the payout at expiry and the fixed deposit's conversion.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  cancelRequestPart,
  fixedTermReleaseTime,
  lendingPoolManagerAbi,
  lockDepositForFixedTerm,
  parseCsv,
  releaseFixedTermLock,
  requestParts,
  requestWithdrawal,
  withdrawAtExpiry,
  withdrawalPaid,
} from "@lending/sdk";
import {
  decodeEventLog,
  encodeFunctionData,
  formatUnits,
  parseUnits,
  type TransactionReceipt,
} from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type {
  HistoryFixedTerm,
  HistoryItem,
  HistoryLoss,
  HistoryTransaction,
  IndexerSync,
} from "../../sdk/src/entities/history";
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
const POOL = 1n;
const TRANCHE = 0n;
const CONFIG = 1n;
const DAY = 86_400n;
const WEEK = 7n * DAY;
const A = 1; // fixes APY, withdraws at expiry, two withdrawals in one epoch
const B = 2; // forced return
const C = 3; // fixed-term deposit that converts to variable
const who = (i: number) => devAccount(i).address;

let chain: Chain;
let tmp: string;
let indexer: Indexer;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-history-chain-"));
  chain = await startChain();
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

function decoded(receipt: TransactionReceipt) {
  return receipt.logs.flatMap((log) => {
    try {
      return [decodeEventLog({ abi: lendingPoolManagerAbi, data: log.data, topics: log.topics })];
    } catch {
      return [];
    }
  });
}

function eventOf<N extends string>(receipt: TransactionReceipt, name: N) {
  const found = decoded(receipt).find((e) => e.eventName === name);
  if (!found) throw new Error(`no ${name} in ${receipt.transactionHash}`);
  return found as Extract<ReturnType<typeof decoded>[number], { eventName: N }>;
}

describe("history rows against the chain", () => {
  it("shows every money event as made and paid, to the unit", async () => {
    onTestFailed(() => console.log(`[indexer output]\n${indexer?.output()}`));
    const pc = chain.publicClient;
    const m = chain.manager;
    const read = <T>(functionName: string, args: readonly unknown[], blockNumber?: bigint) =>
      pc.readContract({ ...m, functionName, args, blockNumber } as never) as Promise<T>;
    const valueAt = (shares: bigint, blockNumber: bigint) =>
      read<bigint>("convertToAssets", [POOL, TRANCHE, shares], blockNumber);
    const genesis = await read<bigint>("genesis", []);
    const requestEpoch = async () =>
      ((await pc.getBlock()).timestamp - genesis) / WEEK +
      // a request made in the clearing period belongs to the next epoch
      (((await pc.getBlock()).timestamp - genesis) % WEEK >= WEEK - 2n * DAY ? 1n : 0n);
    /** Moves time to the start of the next epoch (out of the clearing period). */
    const nextEpoch = async () => {
      const now = (await pc.getBlock()).timestamp;
      const start = genesis + ((now - genesis) / WEEK + 1n) * WEEK;
      await chain.testClient.increaseTime({ seconds: Number(start - now + 60n) });
      await chain.testClient.mine({ blocks: 1 });
    };

    // 1. deposits: A and B variable, C fixed-term; cleared and settled
    const dA = await chain.deposit(A, { poolId: POOL, trancheId: TRANCHE, amount: usdc("1000") });
    const dB = await chain.deposit(B, { poolId: POOL, trancheId: TRANCHE, amount: usdc("500") });
    const dC = await chain.deposit(C, {
      poolId: POOL,
      trancheId: TRANCHE,
      amount: usdc("300"),
      fixedTermConfigId: CONFIG,
    });
    const e0 = await requestEpoch();
    await chain.clearThrough(POOL, e0);
    const settleC = await chain.settle(dC.nftId);
    await chain.settle(dA.nftId);
    await chain.settle(dB.nftId);
    const lockC = eventOf(settleC, "FixedTermLocked").args;
    await nextEpoch();

    // 2. A fixes the APY of 200 USDC of free shares and asks to withdraw it at expiry
    const fix = await chain.send(
      A,
      lockDepositForFixedTerm(chain.deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        amount: usdc("200"),
        configId: CONFIG,
      }),
    );
    const lockA = eventOf(fix, "FixedTermLocked").args;
    const atExpiry = await chain.send(
      A,
      withdrawAtExpiry(chain.deployment, { poolId: POOL, lockId: lockA.lockId }),
    );

    // 3. two withdrawals of A in one epoch (one request on chain), B's forced return
    const [positionsA] = await read<[{ poolId: bigint; trancheId: bigint; shares: bigint }[]]>(
      "getUserPosition",
      [who(A)],
    );
    const sharesA = positionsA.find((p) => p.poolId === POOL && p.trancheId === TRANCHE)!.shares;
    const w1 = await chain.send(
      A,
      requestWithdrawal(chain.deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        shares: sharesA / 4n,
      }),
    );
    const w2 = await chain.send(
      A,
      requestWithdrawal(chain.deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        shares: sharesA / 3n,
      }),
    );
    const wId = eventOf(w1, "RequestCreated").args.nftId;
    expect(eventOf(w2, "RequestCreated").args).toMatchObject({ nftId: wId, increase: true });
    // a third one, cancelled alone (issue 23 item 7): the first two stay queued
    const w3 = await chain.send(
      A,
      requestWithdrawal(chain.deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        shares: sharesA / 5n,
      }),
    );
    const partCancel = await chain.send(
      A,
      cancelRequestPart(chain.deployment, { poolId: POOL, nftId: wId, amount: sharesA / 5n }),
    );
    expect(eventOf(partCancel, "RequestPartCancelled").args).toMatchObject({
      nftId: wId,
      amount: sharesA / 5n,
      remaining: sharesA / 4n + sharesA / 3n,
    });
    const forced = await chain.force({
      poolId: POOL,
      trancheId: TRANCHE,
      user: who(B),
      shares: sharesA / 10n,
    });
    const fId = eventOf(forced, "WithdrawalForced").args.nftId;

    // 4. a loss before the withdrawals are paid (they pay less than they were worth)
    const managerTx = (functionName: "draw" | "reportLoss", args: readonly unknown[]) =>
      chain.send(0, {
        to: m.address,
        data: encodeFunctionData({ abi: lendingPoolManagerAbi, functionName, args } as never),
      });
    await managerTx("draw", [POOL, usdc("100"), who(7)]);
    const lossReceipt = await managerTx("reportLoss", [POOL, usdc("60")]);

    // 5. the withdrawals' epoch clears; A's lock and C's lock end and are released
    const wEpoch = (await read<{ epoch: bigint }>("requestStatus", [wId])).epoch;
    await chain.clearThrough(POOL, wEpoch);
    const paidW = eventOf(await chain.settle(wId), "RequestAccepted").args;
    const paidF = eventOf(await chain.settle(fId), "RequestAccepted").args;
    await chain.clearThrough(POOL, lockA.endEpoch + 1n);
    await chain.clearThrough(POOL, lockC.endEpoch);
    const releaseA = await chain.send(
      0,
      releaseFixedTermLock(chain.deployment, { lockId: lockA.lockId }),
    );
    const releaseC = await chain.send(
      0,
      releaseFixedTermLock(chain.deployment, { lockId: lockC.lockId }),
    );
    const relA = eventOf(releaseA, "FixedTermReleased").args;
    const relC = eventOf(releaseC, "FixedTermReleased").args;
    expect(relA.assets).toBeGreaterThan(0n);
    expect(relC.assets).toBe(0n);

    indexer = await startTestIndexer(chain, path.join(tmp, "a"));
    await waitForBlock(indexer.url, await pc.getBlockNumber({ cacheTime: 0 }));

    // ---- A's rows
    const rowsA = (await history(indexer.url, who(A))).items;
    const request = (rows: HistoryItem[], nftId: bigint) =>
      rows.find(
        (r): r is HistoryTransaction =>
          (r.type === "Deposit" || r.type === "Withdrawal") && r.nftId === nftId.toString(),
      )!;
    const withdrawal = request(rowsA, wId);
    const asBig = (t: HistoryTransaction) => ({
      ...t,
      requestedValue: BigInt(t.requestedValue),
      events: t.events.map((e) => ({
        ...e,
        amount: BigInt(e.amount),
        value: e.value === null ? null : BigInt(e.value),
      })),
    });
    // each request as the lender made it, valued in USDC at its own block
    const parts = requestParts(asBig(withdrawal));
    expect(parts.map((p) => p.amount)).toEqual([sharesA / 4n, sharesA / 3n, sharesA / 5n]);
    expect(parts.map((p) => p.cancelled)).toEqual([false, false, true]);
    const v1 = await valueAt(sharesA / 4n, w1.blockNumber);
    const v2 = await valueAt(sharesA / 3n, w2.blockNumber);
    const v3 = await valueAt(sharesA / 5n, w3.blockNumber);
    expect(parts.map((p) => p.value)).toEqual([v1, v2, v3]);
    // the cancelled part leaves the request's amount and value
    expect(withdrawal.requestedAmount).toBe((sharesA / 4n + sharesA / 3n).toString());
    expect(withdrawal.requestedValue).toBe((v1 + v2).toString());
    // once processed: what was paid, to the unit, shared by the parts left exactly
    expect(withdrawalPaid(asBig(withdrawal))).toBe(paidW.assets);
    expect(parts[2]!.paid).toBeNull();
    expect(parts.reduce((s, p) => s + (p.paid ?? 0n), 0n)).toBe(paidW.assets);
    expect(paidW.assets).toBeLessThan(v1 + v2); // the loss came in between

    // fixed-term rows: Fix APY, withdraw at expiry, the payout, each with its date
    const fixedA = rowsA.filter((r): r is HistoryFixedTerm => r.type === "FixedTerm");
    expect(fixedA.map((r) => r.event).sort()).toEqual(
      ["FixApy", "PaidAtExpiry", "WithdrawAtExpiryRequested"].sort(),
    );
    const byEvent = (e: string) => fixedA.find((r) => r.event === e)!;
    const block = async (r: TransactionReceipt) =>
      Number((await pc.getBlock({ blockNumber: r.blockNumber })).timestamp);
    expect(byEvent("FixApy")).toMatchObject({
      amount: lockA.assets.toString(),
      lockId: lockA.lockId.toString(),
      transactionHash: fix.transactionHash,
      timestamp: await block(fix),
      releaseTime: fixedTermReleaseTime(genesis, lockA.endEpoch, false),
    });
    const locksAtRequest = await read<{ lockId: bigint; assets: bigint }[]>(
      "getUserFixedTermLocks",
      [who(A)],
      atExpiry.blockNumber,
    );
    expect(byEvent("WithdrawAtExpiryRequested")).toMatchObject({
      amount: locksAtRequest.find((l) => l.lockId === lockA.lockId)!.assets.toString(),
      releaseTime: fixedTermReleaseTime(genesis, lockA.endEpoch, true),
      timestamp: await block(atExpiry),
    });
    const payout = byEvent("PaidAtExpiry");
    expect(payout).toMatchObject({
      amount: relA.assets.toString(),
      transactionHash: releaseA.transactionHash,
    });
    expect(BigInt(payout.returnedValue ?? "0")).toBe(
      await valueAt(relA.shares, releaseA.blockNumber),
    );
    // "fixed until" is when the funds were really releasable: never after the release itself
    expect(payout.releaseTime).toBeLessThanOrEqual(await block(releaseA));
    expect(payout.releaseTime).toBeGreaterThan(await block(atExpiry));

    // A's loss row says what the loss took
    const lossA = rowsA.find((r): r is HistoryLoss => r.type === "Loss");
    expect(lossA?.transactionHash).toBe(lossReceipt.transactionHash);
    expect(BigInt(lossA!.change)).toBeLessThan(0n);

    // ---- B: the forced return, valued when queued, paid to the unit
    const rowsB = (await history(indexer.url, who(B))).items;
    const forcedRow = request(rowsB, fId);
    expect(forcedRow.type).toBe("Withdrawal");
    expect(forcedRow.events.some((e) => e.type === "Forced")).toBe(true);
    expect(forcedRow.requestedValue).toBe(
      (
        await valueAt(eventOf(forced, "WithdrawalForced").args.shares, forced.blockNumber)
      ).toString(),
    );
    expect(withdrawalPaid(asBig(forcedRow))).toBe(paidF.assets);
    expect(forcedRow.canCancel).toBe(false);

    // ---- C: the fixed deposit's lock and its conversion at maturity
    const fixedC = (await history(indexer.url, who(C))).items.filter(
      (r): r is HistoryFixedTerm => r.type === "FixedTerm",
    );
    expect(fixedC.map((r) => r.event).sort()).toEqual(["Converted", "FixedDeposit"]);
    const converted = fixedC.find((r) => r.event === "Converted")!;
    expect(converted.amount).toBe((await valueAt(relC.shares, releaseC.blockNumber)).toString());
    expect(converted.releaseTime).toBe(fixedTermReleaseTime(genesis, lockC.endEpoch, false));
    expect(converted.releaseTime).toBeLessThanOrEqual(await block(releaseC));

    // ---- the CSV has the rows My Transactions shows: one per request A made (the withdrawal's
    // three parts), the payout with its paid USDC and "Fixed until" date
    const csv = await fetch(`${indexer.url}/transactions.csv?user=${who(A)}`).then((r) => r.text());
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(rowsA.length - 1 + parts.length);
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const paidRow = rows.find((r) => r[col("Request transaction")] === releaseA.transactionHash)!;
    expect(paidRow[col("Type")]).toBe("Paid at expiry");
    expect(paidRow[col("Paid (USDC)")]).toBe((Number(relA.assets) / 1e6).toString());
    expect(paidRow[col("Fixed until (UTC)")]).toBe(
      new Date(payout.releaseTime * 1000).toISOString(),
    );
    // the two withdrawals of one epoch and the one cancelled alone: each as made, its own status
    const wRows = rows.filter((r) => r[col("NFT ID")] === wId.toString());
    const pick = (name: (typeof CSV_COLUMNS)[number]) => wRows.map((r) => r[col(name)]);
    expect(pick("Requested amount")).toEqual(
      [sharesA / 4n, sharesA / 3n, sharesA / 5n].map((v) => formatUnits(v, 12)),
    );
    expect(pick("Requested (USDC at request time)")).toEqual(
      [v1, v2, v3].map((v) => formatUnits(v, 6)),
    );
    expect(pick("Status")).toEqual(["Processed", "Processed", "Cancelled"]);
    // what was paid, shared as the rows show it, adding up to the unit
    expect(pick("Paid (USDC)")).toEqual(parts.map((p) => formatUnits(p.paid ?? 0n, 6)));
    expect(parts[0]!.paid! + parts[1]!.paid!).toBe(paidW.assets);
    expect(pick("Request transaction")).toEqual(
      [w1, w2, w3].map((r) => r.transactionHash.toLowerCase()),
    );
    expect(pick("Request time (UTC)")).toEqual(
      await Promise.all(
        [w1, w2, w3].map(async (r) => new Date((await block(r)) * 1000).toISOString()),
      ),
    );
    expect(pick("Part")).toEqual(["1 of 3", "2 of 3", "3 of 3"]);

    // ---- the index is caught up: /sync says so
    const sync = await getJson<IndexerSync>(`${indexer.url}/sync`);
    expect(sync.status).toBe(200);
    expect(sync.body.behindSeconds).toBe(0);
    expect(sync.body.chainBlock).toBe(sync.body.indexedBlock);
  }, 400_000);
});
