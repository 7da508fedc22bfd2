/**
 * Issue 28 item 3 on a private anvil with the real indexer: a lender's quarterly statement, its
 * figures from the chain at the period's two blocks and its transactions from the indexer, after
 * a scripted history inside one quarter: a deposit cleared (first clearing), interest, a
 * withdrawal cleared and paid (second clearing) and a reported loss. The totals equal what the
 * chain says (shares at the share price, the USDC the wallet sent and received, the value the loss
 * took), and each figure equals the sum of its indexed transactions.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  parseCsv,
  parseStatementPeriod,
  readStatement,
  readUserPosition,
  requestWithdrawalInUSDC,
  statementBalances,
  statementCsv,
  statementPeriods,
  statementTransactions,
  type DatedPositionLoss,
} from "@lending/sdk";
import { createWalletClient, erc20Abi, formatUnits, http, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { HistoryItem } from "../../sdk/src/entities/history";
import { lendingPoolManagerExtensionAbi } from "../../sdk/src/abi/generated";
import type { Indexer } from "../../../scripts/src/lib/indexer";
import {
  devAccount,
  history,
  startChain,
  startTestIndexer,
  waitForBlock,
  type Chain,
} from "./helpers";

const usdc = (v: string) => parseUnits(v, 6);
const POOL = 1n;
const TRANCHE = 0n;
const DAY = 86_400;
const LENDER = 1;
const lender = devAccount(LENDER).address;

let chain: Chain;
let tmp: string;
let indexer: Indexer;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-statements-chain-"));
  chain = await startChain();
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("a quarterly statement against the chain and the indexer (issue 28)", () => {
  it("two clearings, interest, a withdrawal and a loss: totals equal the chain's, figures their transactions'", async () => {
    onTestFailed(() => console.log(`[indexer output]\n${indexer?.output()}`));
    const pc = chain.publicClient;
    const extension = {
      address: chain.deployment.lendingPoolManager,
      abi: lendingPoolManagerExtensionAbi,
    } as const;
    const write = async (functionName: string, args: readonly unknown[]) => {
      const wallet = createWalletClient({
        account: devAccount(0),
        chain: pc.chain,
        transport: http(chain.rpcUrl),
      });
      const hash = await wallet.writeContract({ ...extension, functionName, args } as never);
      const receipt = await pc.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe("success");
      return receipt;
    };
    const wallet = (blockNumber?: bigint) =>
      pc.readContract({
        address: chain.deployment.usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [lender],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      });
    const chainValue = async (blockNumber: bigint) => {
      const [positions] = await pc.readContract({
        ...chain.manager,
        functionName: "getUserPosition",
        args: [lender],
        blockNumber,
      });
      const p = positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE);
      if (!p) return 0n;
      const variable = await pc.readContract({
        ...chain.manager,
        functionName: "convertToAssets",
        args: [POOL, TRANCHE, p.shares],
        blockNumber,
      });
      return variable + p.lockedInFixedTerm;
    };
    const requestEpoch = () => pc.readContract({ ...chain.manager, functionName: "requestEpoch" });
    const settleAll = async () => {
      for (const r of (await readUserPosition(pc, chain.deployment, lender)).requests) {
        if (r.canClaim) await chain.settle(r.nftId);
      }
    };

    // the second day of the next quarter: the whole history inside one quarter
    const t0 = Number((await pc.getBlock()).timestamp);
    const start = statementPeriods("quarter", t0, 1)[0]!.end + DAY;
    await chain.testClient.increaseTime({ seconds: start - t0 });
    await chain.testClient.mine({ blocks: 1 });
    const quarter = parseStatementPeriod(statementPeriods("quarter", start, 1)[0]!.id);
    const walletAtStart = await wallet(await pc.getBlockNumber({ cacheTime: 0 }));

    // 1. a deposit of 1,500, cleared by the first clearing
    const e0 = await requestEpoch();
    await chain.deposit(LENDER, { poolId: POOL, trancheId: TRANCHE, amount: usdc("1500") });
    await chain.clearThrough(POOL, e0);
    await settleAll();
    // 2. a borrower draws; a withdrawal of 400, cleared (with the epoch's interest) and paid
    await write("draw", [POOL, usdc("200"), devAccount(6).address]);
    const e1 = await requestEpoch();
    await chain.send(
      LENDER,
      await requestWithdrawalInUSDC(pc, chain.deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        amount: usdc("400").toString(),
      }),
    );
    await chain.clearThrough(POOL, e1);
    const beforePaid = await wallet();
    await settleAll();
    const paid = (await wallet()) - beforePaid;
    expect(paid).toBeGreaterThan(0n);
    // 3. a loss, measured at its block
    const report = await write("reportLoss", [POOL, usdc("50")]);
    const lost =
      (await chainValue(report.blockNumber - 1n)) - (await chainValue(report.blockNumber));
    expect(lost).toBeGreaterThan(0n);
    await chain.testClient.mine({ blocks: 1 });
    const endBlock = await pc.getBlockNumber({ cacheTime: 0 });
    const now = Number((await pc.getBlock({ blockNumber: endBlock })).timestamp);
    expect(now).toBeLessThan(quarter.end);

    indexer = await startTestIndexer(chain, path.join(tmp, "a"));
    await waitForBlock(indexer.url, endBlock);

    // what the web server does: the history from the indexer, the figures from the chain
    const items: HistoryItem[] = (await history(indexer.url, lender)).items;
    const losses: DatedPositionLoss[] = items.flatMap((i) =>
      i.type === "Loss"
        ? i.tranches
            .filter((t) => BigInt(t.change) < 0n)
            .map((t) => ({
              poolId: BigInt(i.poolId),
              trancheId: BigInt(t.trancheId),
              amount: -BigInt(t.change),
              timestamp: i.timestamp,
            }))
        : [],
    );
    const s = await readStatement(pc, chain.deployment, {
      user: lender,
      period: quarter,
      transactions: statementTransactions(items),
      losses,
      now,
    });
    const p = s.positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE)!;
    expect(p).toBeDefined();

    // the chain's values
    expect(p.opening).toBe(await chainValue(s.openingBlock));
    expect(p.closing).toBe(await chainValue(endBlock));
    expect(p.deposits).toBe(usdc("1500"));
    expect(p.withdrawals).toBe(paid);
    expect((await wallet(endBlock)) - walletAtStart).toBe(p.withdrawals - p.deposits);
    expect(p.losses).toBe(lost);
    expect(p.interest).toBeGreaterThan(0n);
    expect(statementBalances(p)).toBe(true);
    expect(statementBalances(s.totals)).toBe(true);

    // each figure is the sum of its indexed transactions
    const sum = (kinds: string[]) =>
      p.transactions.filter((t) => kinds.includes(t.kind)).reduce((a, t) => a + t.amount, 0n);
    expect(sum(["depositAccepted", "depositReallocated"])).toBe(p.deposits);
    expect(sum(["withdrawalPaid", "fixedTermPaid"])).toBe(p.withdrawals);
    expect(-sum(["loss"])).toBe(p.losses);

    // the CSV says the same, to the unit
    const rows = parseCsv(statementCsv(s));
    const total = (item: string) => rows.find((r) => r[0] === "Total" && r[4] === item)?.[5];
    expect(total("Closing value")).toBe(formatUnits(s.totals.closing, 6));
    expect(total("Interest")).toBe(formatUnits(s.totals.interest, 6));
    expect(total("Deposits")).toBe("1500");
  }, 300_000);
});
