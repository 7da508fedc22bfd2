/**
 * Issue 23: the portfolio's figures over a scripted history on anvil with the real contracts,
 * each compared with the chain after every step: a deposit (variable and fixed term), interest,
 * a withdrawal partly filled for lack of liquidity, a fixed term withdrawn at expiry
 * and paid at maturity, a reported loss, and a last withdrawal of everything.
 *
 * What goes in and out is measured by the test itself (the amounts it deposits, the USDC its
 * wallet receives, the value the loss took at the report's block); the balance and available to
 * withdraw are the chain's (`getUserPosition`).
 */
import {
  createPublicClient,
  custom,
  erc20Abi,
  parseUnits,
  RpcRequestError,
  type Address,
  type Hex,
} from "viem";
import { getContractEvents } from "viem/actions";
import { describe, expect, it } from "vitest";
import {
  lendingPoolManagerAbi,
  lendingPoolManagerExtensionAbi,
  testUsdcAbi,
} from "../abi/generated";
import {
  claim,
  lockDepositForFixedTerm,
  releaseFixedTermLock,
  requestWithdrawalMax,
  withdrawAtExpiry,
} from "../actions/lending";
import { requestWithdrawalInUSDC } from "../actions/prepare";
import { readEpochTimes } from "../reads/epochs";
import { readPools } from "../reads/pools";
import { readFixedTermPayouts } from "../reads/fixed-term-events";
import { managerEvents } from "../reads/contracts";
import { readEvents } from "../reads/events";
import {
  getUserFixedLoans,
  readMaxWithdrawalShares,
  readUserPosition,
} from "../reads/user-lending";
import { devAccount, useChain } from "../test/chain";
import { buildPortfolioSummary, type PositionLoss } from "./portfolio";

const usdc = (amount: string) => parseUnits(amount, 6);
const DAY = 86_400n;
const WEEK = 7n * DAY;
/** The seeded Cash Management Fund: one tranche, a 2-epoch fixed term (config 1). */
const POOL = 1n;
const TRANCHE = 0n;
const CONFIG = 1n;
const LENDER = 3;

describe("portfolio figures against the chain (issue 23)", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const lender: Address = devAccount(LENDER).address;
  const admin = devAccount(0).address;
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
    const hash = await chain.wallet(0).writeContract({
      ...contract,
      functionName,
      args,
    } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }

  /** Moves time into the clearing period of `epoch` and clears the pool until it is cleared. */
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
  const wallet = () =>
    client.readContract({
      address: deployment.usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [lender],
    });

  /** The test's own ledger of the lender's money in the tranche. */
  const ledger = { deposited: 0n, paid: 0n, fixedPaid: 0n, lost: 0n };
  const losses: PositionLoss[] = [];

  /** Runs `fn` (a transaction of the lender's) and adds the USDC it paid to the wallet. */
  async function received(fn: () => Promise<unknown>): Promise<bigint> {
    const before = await wallet();
    await fn();
    const got = (await wallet()) - before;
    ledger.paid += got;
    return got;
  }

  /** Every figure of the position against the chain and the ledger, and the identity. */
  async function check(step: string) {
    const [position, pools, payouts] = await Promise.all([
      readUserPosition(client, deployment, lender),
      readPools(client, deployment),
      readFixedTermPayouts(client, deployment, lender),
    ]);
    const summary = buildPortfolioSummary(position, pools, { fixedTermPayouts: payouts, losses });
    const p = summary.pools.find((x) => x.poolId === POOL)?.positions[0];
    expect(p, step).toBeDefined();
    const held = position.positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE);
    const balance = held?.balance ?? 0n;
    expect(p!.balance, `${step}: balance`).toBe(balance);
    expect(p!.availableToWithdraw, `${step}: available`).toBe(held?.availableToWithdraw ?? 0n);
    expect(p!.lockedInFixedTerm, `${step}: fixed`).toBe(held?.lockedInFixedTerm ?? 0n);
    expect(p!.deposited, `${step}: deposited`).toBe(ledger.deposited);
    expect(p!.withdrawn, `${step}: withdrawn`).toBe(ledger.paid);
    const gain = balance + ledger.paid + ledger.lost - ledger.deposited;
    expect(p!.interestEarned, `${step}: interest earned`).toBe(gain > 0n ? gain : 0n);
    // the identities, exactly
    expect(p!.balance).toBe(
      p!.deposited - p!.principalWithdrawn + p!.interestEarned - p!.interestWithdrawn - p!.losses,
    );
    expect(p!.totalInvested).toBe(p!.deposited - p!.principalWithdrawn - p!.principalLost);
    expect(p!.withdrawn).toBe(p!.principalWithdrawn + p!.interestWithdrawn);
    expect(p!.losses).toBeGreaterThanOrEqual(ledger.lost);
    // the totals are the sum of the (only) position
    expect(summary.balance).toBe(p!.balance);
    expect(summary.interestEarned).toBe(p!.interestEarned);
    return p!;
  }

  it("a scripted history: every figure matches the chain after every step", async () => {
    await chain.inSnapshot(async () => {
      // 1. deposit 1,500
      const e0 = await requestEpoch();
      await chain.deposit(LENDER, {
        poolId: POOL,
        trancheId: TRANCHE,
        amount: usdc("1500"),
        fixedTermConfigId: 0n,
      });
      let p = await check("requested");
      expect(p).toMatchObject({ pendingDeposits: usdc("1500"), totalInvested: 0n, balance: 0n });

      await clearThrough(e0);
      ledger.deposited = usdc("1500");
      for (const r of (await readUserPosition(client, deployment, lender)).requests) {
        if (r.canClaim) await chain.send(LENDER, claim(deployment, { nftId: r.nftId }));
      }
      p = await check("accepted");
      expect(p.totalInvested).toBe(usdc("1500"));
      expect(p.balance).toBeGreaterThanOrEqual(usdc("1500") - 2n);

      // 2. next epoch: Fix APY on 500 and ask for it at expiry
      const times = await readEpochTimes(client, deployment);
      await chain.testClient.increaseTime({ seconds: times.nextEpochStart - times.chainTime });
      await chain.testClient.mine({ blocks: 1 });
      await chain.send(
        LENDER,
        lockDepositForFixedTerm(deployment, {
          poolId: POOL,
          trancheId: TRANCHE,
          amount: usdc("500"),
          configId: CONFIG,
        }),
      );
      const [loan] = await getUserFixedLoans(client, deployment, lender);
      expect(loan).toBeDefined();
      await chain.send(
        LENDER,
        withdrawAtExpiry(deployment, { poolId: POOL, lockId: loan!.lockId }),
      );
      p = await check("fixed");
      expect(p.lockedInFixedTerm).toBeGreaterThanOrEqual(usdc("500") - 1n);

      // 3. a borrower draws most of the liquidity: a withdrawal of 800 is only partly filled
      await write(extension, "draw", [POOL, usdc("1000"), devAccount(6).address]);
      const e1 = await requestEpoch();
      await chain.send(
        LENDER,
        await requestWithdrawalInUSDC(client, deployment, {
          poolId: POOL,
          trancheId: TRANCHE,
          amount: usdc("800").toString(),
        }),
      );
      await check("withdrawal requested");
      await clearThrough(e1);
      const first = (await readUserPosition(client, deployment, lender)).requests.find(
        (r) => r.kind === "Withdrawal" && r.epoch === e1,
      )!;
      expect(first.status).toBe("Cleared");
      await received(() => chain.send(LENDER, claim(deployment, { nftId: first.nftId })));
      expect(ledger.paid).toBeGreaterThan(0n);
      expect(ledger.paid).toBeLessThan(usdc("800"));
      p = await check("withdrawal partly filled");
      expect(p.interestEarned).toBeGreaterThan(0n);
      // what liquidity could not pay came back to the free shares at settlement
      expect(p.pendingWithdrawals).toBe(0n);
      expect(p.availableToWithdraw).toBeGreaterThan(0n);

      // 4. the borrower repays; the fixed loan matures and is paid
      await write({ address: deployment.usdc, abi: testUsdcAbi } as never, "mint", [
        admin,
        usdc("1050"),
      ]);
      await write({ address: deployment.usdc, abi: testUsdcAbi } as never, "approve", [
        deployment.lendingPoolManager,
        usdc("1050"),
      ]);
      await write(extension, "repay", [POOL, usdc("1000"), 0n]);
      for (let epoch = e1 + 1n; epoch <= loan!.endEpoch + 1n; epoch++) {
        await clearThrough(epoch);
        for (const r of (await readUserPosition(client, deployment, lender)).requests) {
          if (r.canClaim) {
            await received(() => chain.send(LENDER, claim(deployment, { nftId: r.nftId })));
          }
        }
        await check(`epoch ${epoch} cleared`);
      }
      const beforeRelease = ledger.paid;
      ledger.fixedPaid = await received(() =>
        chain.send(LENDER, releaseFixedTermLock(deployment, { lockId: loan!.lockId })),
      );
      expect(ledger.paid).toBe(beforeRelease + ledger.fixedPaid);
      // the fixed loan paid its principal and its fixed interest
      expect(ledger.fixedPaid).toBeGreaterThan(usdc("500"));
      p = await check("fixed loan paid at maturity");
      expect(p.lockedInFixedTerm).toBe(0n);
      expect(p.interestWithdrawn).toBeGreaterThan(0n);
      expect(p.totalInvested).toBeLessThan(usdc("1500") - usdc("500"));

      // 5. a loss: the value it took is measured at the report's block
      const valueAt = async (blockNumber: bigint) => {
        const [positions] = await client.readContract({
          ...manager,
          functionName: "getUserPosition",
          args: [lender],
          blockNumber,
        });
        return positions.find((x) => x.poolId === POOL && x.trancheId === TRANCHE)?.balance ?? 0n;
      };
      await write(extension, "draw", [POOL, usdc("100"), devAccount(6).address]);
      const report = await write(extension, "reportLoss", [POOL, usdc("50")]);
      const lost = (await valueAt(report.blockNumber - 1n)) - (await valueAt(report.blockNumber));
      expect(lost).toBeGreaterThan(0n);
      ledger.lost += lost;
      losses.push({ poolId: POOL, trancheId: TRANCHE, amount: lost });
      p = await check("after the loss");
      expect(p.losses).toBe(lost);
      // without the indexer's losses the figures still add up: the loss is net of interest
      const [position, pools, payouts] = await Promise.all([
        readUserPosition(client, deployment, lender),
        readPools(client, deployment),
        readFixedTermPayouts(client, deployment, lender),
      ]);
      const bare = buildPortfolioSummary(position, pools, { fixedTermPayouts: payouts }).pools.find(
        (x) => x.poolId === POOL,
      )!.positions[0]!;
      expect(bare.interestEarned - bare.losses).toBe(p.interestEarned - p.losses);

      // a provider that caps eth_getLogs at 8 blocks (as hosted RPCs cap ranges) gives the same
      // fixed-term payouts, read in parts
      let logCalls = 0;
      const capped = createPublicClient({
        chain: client.chain,
        transport: custom({
          async request({ method, params }: { method: string; params?: unknown }) {
            if (method === "eth_getLogs") {
              logCalls++;
              const [filter] = params as [{ fromBlock: Hex; toBlock: Hex | "latest" }];
              const to =
                filter.toBlock === "latest"
                  ? await client.getBlockNumber()
                  : BigInt(filter.toBlock);
              if (to - BigInt(filter.fromBlock) >= 8n) {
                throw new RpcRequestError({
                  body: {},
                  url: "capped",
                  error: { code: -32005, message: "eth_getLogs is limited to an 8 block range" },
                });
              }
            }
            return client.request({ method, params } as never);
          },
        }),
      });
      expect(await readFixedTermPayouts(capped, deployment, lender)).toEqual(payouts);
      expect(payouts.length).toBeGreaterThan(0);
      expect(logCalls).toBeGreaterThan(4);
      // the SDK's log read (its own ABI coder) answers as viem's getContractEvents
      for (const eventName of ["FixedTermLocked", "FixedTermReleased"] as const) {
        const read = {
          ...managerEvents(deployment),
          eventName,
          args: { user: [lender] },
          fromBlock: BigInt(deployment.deployBlock),
          toBlock: "latest",
        } as const;
        const viem = await getContractEvents(client, read);
        expect(await readEvents(client, read)).toEqual(
          viem.map((log) => ({
            args: (log as unknown as { args: unknown }).args,
            blockNumber: log.blockNumber,
          })),
        );
        if (eventName === "FixedTermLocked") expect(viem.length).toBeGreaterThan(0);
      }

      // 6. the borrower repays what the loss left drawn; everything left is withdrawn: the
      // tranche stays, with all the interest it paid
      await write(extension, "repay", [POOL, usdc("50"), 0n]);
      const shares = await readMaxWithdrawalShares(client, deployment, {
        poolId: POOL,
        trancheId: TRANCHE,
        user: lender,
      });
      const e2 = await requestEpoch();
      await chain.send(
        LENDER,
        requestWithdrawalMax(deployment, { poolId: POOL, trancheId: TRANCHE, shares }),
      );
      await clearThrough(e2);
      for (const r of (await readUserPosition(client, deployment, lender)).requests) {
        if (r.canClaim) {
          await received(() => chain.send(LENDER, claim(deployment, { nftId: r.nftId })));
        }
      }
      p = await check("all withdrawn");
      expect(p.balance).toBeLessThanOrEqual(1n);
      expect(p.totalInvested).toBe(0n);
      expect(p.interestEarned).toBeGreaterThan(0n);
      expect(p.losses).toBeGreaterThanOrEqual(lost);
    });
  }, 180_000);
});
