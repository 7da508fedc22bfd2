/**
 * Issue 28 item 3: a lender's quarterly statement against the chain, over a scripted history on
 * anvil with the real contracts: a deposit cleared (first clearing), interest, a withdrawal
 * cleared and paid (second clearing), and a reported loss, all inside one quarter. The statement's
 * totals must equal what the chain says: the opening and closing values are the lender's shares
 * at the tranche's share price (`convertToAssets`) at the two blocks, deposits and withdrawals the
 * USDC the lender's wallet sent and received, the loss the value the report took; the months of
 * the quarter chain into it.
 */
import { erc20Abi, parseUnits, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { lendingPoolManagerAbi, lendingPoolManagerExtensionAbi } from "../abi/generated";
import { claim } from "../actions/lending";
import { requestWithdrawalInUSDC } from "../actions/prepare";
import { readStatement, blockBefore, type DatedPositionLoss } from "../reads/statements";
import { readAssetsForShares, readUserPosition } from "../reads/user-lending";
import { devAccount, useChain } from "../test/chain";
import { parseStatementPeriod, statementBalances, statementPeriods } from "./statements";

const usdc = (amount: string) => parseUnits(amount, 6);
const DAY = 86_400n;
const WEEK = 7n * DAY;
/** The seeded Cash Management Fund: one tranche. */
const POOL = 1n;
const TRANCHE = 0n;
const LENDER = 3;

describe("a lender's quarterly statement against the chain (issue 28)", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const lender: Address = devAccount(LENDER).address;
  const manager = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const extension = {
    address: deployment.lendingPoolManager,
    abi: lendingPoolManagerExtensionAbi,
  } as const;

  async function write(
    contract: typeof manager | typeof extension,
    functionName: string,
    args: readonly unknown[],
  ) {
    const hash = await chain.wallet(0).writeContract({ ...contract, functionName, args } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }

  async function clearThrough(epoch: bigint) {
    const genesis = await client.readContract({ ...manager, functionName: "genesis" });
    const clearingStart = genesis + epoch * WEEK + WEEK - 2n * DAY;
    const now = (await client.getBlock()).timestamp;
    if (now < clearingStart) {
      await chain.testClient.increaseTime({ seconds: Number(clearingStart - now + 60n) });
      await chain.testClient.mine({ blocks: 1 });
    }
    for (let i = 0; i < 10; i++) {
      const state = await client.readContract({
        ...extension,
        functionName: "getPoolState",
        args: [POOL],
      });
      if (state.nextEpochToClear > epoch) return;
      await write(manager, "clear", [POOL]);
    }
    throw new Error("epoch not cleared");
  }

  const requestEpoch = () => client.readContract({ ...manager, functionName: "requestEpoch" });
  const wallet = (blockNumber?: bigint) =>
    client.readContract({
      address: deployment.usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [lender],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    });
  /** The chain's value of the lender's position: its shares at the share price, at a block. */
  async function chainValue(blockNumber: bigint): Promise<bigint> {
    const [positions] = await client.readContract({
      ...manager,
      functionName: "getUserPosition",
      args: [lender],
      blockNumber,
    });
    const p = positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE);
    if (!p) return 0n;
    const variable = await client.readContract({
      ...manager,
      functionName: "convertToAssets",
      args: [POOL, TRANCHE, p.shares],
      blockNumber,
    });
    return variable + p.lockedInFixedTerm;
  }
  async function claimAll(): Promise<bigint> {
    const before = await wallet();
    for (const r of (await readUserPosition(client, deployment, lender)).requests) {
      if (r.canClaim) await chain.send(LENDER, claim(deployment, { nftId: r.nftId }));
    }
    return (await wallet()) - before;
  }

  it("two clearings, interest, a withdrawal and a loss: the quarter's totals equal the chain's", async () => {
    await chain.inSnapshot(async () => {
      // move to the second day of the next quarter, so the whole history is inside one quarter
      const t0 = Number((await client.getBlock()).timestamp);
      const [q] = statementPeriods("quarter", t0, 1);
      const start = q!.end + Number(DAY);
      await chain.testClient.increaseTime({ seconds: start - t0 });
      await chain.testClient.mine({ blocks: 1 });
      const quarter = parseStatementPeriod(statementPeriods("quarter", start, 1)[0]!.id);
      expect(quarter.start).toBe(q!.end);
      const startBlock = await client.getBlockNumber({ cacheTime: 0 });
      const walletAtStart = await wallet(startBlock);

      // 1. deposit 1,500: cleared by the first clearing
      const e0 = await requestEpoch();
      await chain.deposit(LENDER, {
        poolId: POOL,
        trancheId: TRANCHE,
        amount: usdc("1500"),
        fixedTermConfigId: 0n,
      });
      await clearThrough(e0);
      await claimAll();
      // 2. a borrower draws; the next epoch pays interest; a withdrawal of 400 is cleared and paid
      await write(extension, "draw", [POOL, usdc("200"), devAccount(6).address]);
      const e1 = await requestEpoch();
      await chain.send(
        LENDER,
        await requestWithdrawalInUSDC(client, deployment, {
          poolId: POOL,
          trancheId: TRANCHE,
          amount: usdc("400").toString(),
        }),
      );
      await clearThrough(e1);
      const paid = await claimAll();
      expect(paid).toBeGreaterThan(0n);
      // 3. a loss: what it took from the lender, measured at the report's block
      const report = await write(extension, "reportLoss", [POOL, usdc("50")]);
      const lost =
        (await chainValue(report.blockNumber - 1n)) - (await chainValue(report.blockNumber));
      expect(lost).toBeGreaterThan(0n);
      const reportTime = Number(
        (await client.getBlock({ blockNumber: report.blockNumber })).timestamp,
      );
      const losses: DatedPositionLoss[] = [
        { poolId: POOL, trancheId: TRANCHE, amount: lost, timestamp: reportTime },
      ];
      await chain.testClient.mine({ blocks: 1 });
      const endBlock = await client.getBlockNumber({ cacheTime: 0 });
      const now = Number((await client.getBlock({ blockNumber: endBlock })).timestamp);
      expect(now).toBeLessThan(quarter.end);

      const s = await readStatement(client, deployment, {
        user: lender,
        period: quarter,
        losses,
        now,
      });
      // the period still runs: the closing values are as of the latest block
      expect(s.closingBlock).toBe(endBlock);
      expect(s.asOf).toBe(now);
      const p = s.positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE)!;
      expect(p).toBeDefined();
      // what the chain says
      const opening = await chainValue((await blockBefore(client, quarter.start))!.number);
      expect(p.opening).toBe(opening);
      expect(p.closing).toBe(await chainValue(endBlock));
      const [positions] = await client.readContract({
        ...manager,
        functionName: "getUserPosition",
        args: [lender],
      });
      const held = positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE)!;
      expect(p.closing).toBe(
        await readAssetsForShares(client, deployment, {
          poolId: POOL,
          trancheId: TRANCHE,
          shares: held.shares,
        }),
      );
      // USDC the wallet sent and got back over the quarter: the deposit accepted, the withdrawal paid
      expect(p.deposits).toBe(usdc("1500"));
      expect(p.withdrawals).toBe(paid);
      expect((await wallet(endBlock)) - walletAtStart).toBe(p.withdrawals - p.deposits);
      expect(p.losses).toBe(lost);
      expect(p.fees).toBe(0n);
      // the interest the pool paid: the rest of the value, and more than nothing
      expect(p.interest).toBe(p.closing - p.opening - p.deposits + p.withdrawals + p.losses);
      expect(p.interest).toBeGreaterThan(0n);
      expect(statementBalances(p)).toBe(true);
      expect(statementBalances(s.totals)).toBe(true);
      // the totals are the positions' sums (the lender may hold other pools from the seed)
      for (const f of [
        "opening",
        "deposits",
        "withdrawals",
        "interest",
        "fees",
        "losses",
        "closing",
      ] as const) {
        expect(s.totals[f]).toBe(s.positions.reduce((a, x) => a + x[f], 0n));
      }

      // the months of the quarter chain into it: each closes where the next opens, the flows add up
      const months = [0, 1, 2].map((i) => {
        const month = Number(quarter.id.slice(-1)) * 3 - 2 + i;
        return parseStatementPeriod(`${quarter.id.slice(0, 4)}-${String(month).padStart(2, "0")}`);
      });
      const monthly = [];
      for (const period of months.filter((m) => m.start <= now)) {
        monthly.push(
          await readStatement(client, deployment, { user: lender, period, losses, now }),
        );
      }
      expect(monthly[0]!.totals.opening).toBe(s.totals.opening);
      for (let i = 1; i < monthly.length; i++) {
        expect(monthly[i]!.totals.opening).toBe(monthly[i - 1]!.totals.closing);
      }
      expect(monthly.at(-1)!.totals.closing).toBe(s.totals.closing);
      for (const f of ["deposits", "withdrawals", "interest", "losses"] as const) {
        expect(monthly.reduce((a, m) => a + m.totals[f], 0n)).toBe(s.totals[f]);
      }
    });
  }, 180_000);
});
