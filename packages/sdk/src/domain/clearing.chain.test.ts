/**
 * Issue 28 item 5: the fill preview against real clearings on anvil. Four lenders at loyalty
 * levels 2, 1, 0 and 0 queue deposits and withdrawals in a pool whose tranches are nearly full and
 * whose idle liquidity is short; the preview of every pending request ("if the epoch closed now")
 * must equal, to the unit, what `clear` then gives it (`requestStatus`).
 */
import { parseUnits, type Address } from "viem";
import { describe, expect, it } from "vitest";
import {
  ksuLockingAbi,
  lendingPoolManagerAbi,
  lendingPoolManagerExtensionAbi,
} from "../abi/generated";
import { lock } from "../actions/locking";
import { settle } from "../actions/lending";
import { requestWithdrawalInUSDC } from "../actions/prepare";
import { approve } from "../actions/tokens";
import { readFillPreviews } from "../reads/fill-preview";
import { readRequest, readUserPosition } from "../reads/user-lending";
import { devAccount, useChain } from "../test/chain";

const usdc = (amount: string) => parseUnits(amount, 6);
const ksu = (amount: string) => parseUnits(amount, 18);
const DAY = 86_400n;
const WEEK = 7n * DAY;
/** Harbour Invoice Finance: Junior, Mezzanine, Senior. */
const POOL = 0n;
const LENDERS = [1, 2, 3, 4] as const;

describe("fill preview against the clearing (issue 28)", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const manager = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const extension = {
    address: deployment.lendingPoolManager,
    abi: lendingPoolManagerExtensionAbi,
  } as const;
  const address = (i: number): Address => devAccount(i).address;

  async function write(
    contract: { address: Address; abi: unknown },
    functionName: string,
    args: readonly unknown[],
  ) {
    const hash = await chain.wallet(0).writeContract({ ...contract, functionName, args } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  }

  const poolState = () =>
    client.readContract({ ...extension, functionName: "getPoolState", args: [POOL] });

  /** Moves into the clearing period of `epoch` and clears until it is cleared. */
  async function clearThrough(epoch: bigint) {
    const genesis = await client.readContract({ ...manager, functionName: "genesis" });
    const clearingStart = genesis + epoch * WEEK + WEEK - 2n * DAY;
    const now = (await client.getBlock()).timestamp;
    if (now < clearingStart) {
      await chain.testClient.increaseTime({ seconds: Number(clearingStart - now + 60n) });
      await chain.testClient.mine({ blocks: 1 });
    }
    for (let i = 0; i < 10; i++) {
      if ((await poolState()).nextEpochToClear > epoch) return;
      await write(manager, "clear", [POOL]);
    }
    throw new Error("epoch not cleared");
  }

  async function pendingRequests() {
    const all = await Promise.all(
      LENDERS.map((i) => readUserPosition(client, deployment, address(i))),
    );
    return all.flatMap((p) => p.requests).filter((r) => r.status === "Pending");
  }

  it("previews each pending request as the next clearing fills it, across levels 2/1/0, a tight capacity and short liquidity", async () => {
    await chain.inSnapshot(async () => {
      // Epoch e0: positions to withdraw from later.
      const e0 = await client.readContract({ ...manager, functionName: "requestEpoch" });
      for (const i of [1, 2, 3]) {
        await chain.deposit(i, {
          poolId: POOL,
          trancheId: 0n,
          amount: usdc("20000"),
          fixedTermConfigId: 0n,
        });
      }
      await chain.deposit(4, {
        poolId: POOL,
        trancheId: 1n,
        amount: usdc("20000"),
        fixedTermConfigId: 0n,
      });
      await clearThrough(e0);
      const cleared = (
        await Promise.all(LENDERS.map((i) => readUserPosition(client, deployment, address(i))))
      )
        .flatMap((p) => p.requests)
        .filter((r) => r.canClaim);
      expect(cleared).toHaveLength(4);
      await chain.send(0, settle(deployment, { nftIds: cleared.map((r) => r.nftId) }));
      expect(await pendingRequests()).toEqual([]);

      // A fresh KSU price after the time travel (the keeper's job), then the levels:
      // lender 1 at level 2, lender 2 at level 1, lenders 3 and 4 at level 0.
      await write({ address: deployment.ksuLocking, abi: ksuLockingAbi }, "setKsuPrice", [
        500_000n,
      ]);
      for (const [i, amount] of [
        [1, "4000"],
        [2, "900"],
      ] as const) {
        await chain.send(
          i,
          approve({ token: deployment.ksu, spender: deployment.ksuLocking, amount: ksu(amount) }),
        );
        await chain.send(i, lock(deployment, { amount: ksu(amount), lockPeriodId: 4n }));
      }

      // Short liquidity: 15,000 USDC idle (plus the epoch's interest at clearing).
      const idle = (await poolState()).idleLiquidity;
      await write(extension, "draw", [POOL, idle - usdc("15000"), address(5)]);
      // Tight capacity: 2,000 USDC of room in Junior, 4,000 in Mezzanine, 3,000 in Senior
      // (less the epoch's interest; withdrawals accepted first make room).
      const rooms = [usdc("2000"), usdc("4000"), usdc("3000")];
      for (const [trancheId, room] of rooms.entries()) {
        const t = await client.readContract({
          ...extension,
          functionName: "getTrancheState",
          args: [POOL, BigInt(trancheId)],
        });
        await write(extension, "setTrancheLimits", [
          POOL,
          BigInt(trancheId),
          usdc("100"),
          usdc("100000"),
          t.totalAssets + t.fixedTermAssets + room,
        ]);
      }

      // Epoch e1: withdrawals and deposits of every level.
      const e1 = await client.readContract({ ...manager, functionName: "requestEpoch" });
      expect(e1).toBe(e0 + 1n);
      for (const [i, trancheId, amount] of [
        [1, 0n, "8000"],
        [2, 0n, "8000"],
        [3, 0n, "8000"],
        [4, 1n, "6000"],
      ] as const) {
        await chain.send(
          i,
          await requestWithdrawalInUSDC(client, deployment, {
            poolId: POOL,
            trancheId,
            amount: usdc(amount),
          }),
        );
      }
      for (const [i, trancheId, amount] of [
        [1, 0n, "10000"],
        [2, 0n, "10000"],
        [3, 0n, "5000"],
        [4, 1n, "3000"],
      ] as const) {
        await chain.deposit(i, {
          poolId: POOL,
          trancheId,
          amount: usdc(amount),
          fixedTermConfigId: 0n,
        });
      }

      const pending = await pendingRequests();
      expect(pending).toHaveLength(8);
      const levelOf = (i: number) =>
        pending.filter((r) => r.owner === address(i)).map((r) => r.level);
      expect(levelOf(1)).toEqual([2, 2]);
      expect(levelOf(2)).toEqual([1, 1]);
      expect(levelOf(3)).toEqual([0, 0]);
      expect(levelOf(4)).toEqual([0, 0]);

      // "If the epoch closed now"
      const previews = await readFillPreviews(client, deployment, pending);
      expect(previews.size).toBe(8);

      await clearThrough(e1);
      for (const r of pending) {
        const cleared = await readRequest(client, deployment, r.nftId);
        expect(cleared.status).toBe("Cleared");
        const p = previews.get(r.nftId)!;
        const what = `${r.kind} #${r.nftId} of lender ${r.owner} at level ${r.level}`;
        expect(
          {
            accepted: p.accepted,
            reallocated: p.reallocated,
            rejected: p.rejected,
            shares: p.shares,
            assets: p.assets,
          },
          what,
        ).toEqual({
          accepted: cleared.accepted,
          reallocated: cleared.reallocated,
          rejected: cleared.rejected,
          shares: cleared.shares,
          assets: cleared.assets,
        });
      }

      // The scenario reaches what it claims: a full, a partial and an empty withdrawal; a
      // deposit filled in its tranche, one moved to more senior tranches, one refunded in part.
      const withdrawals = pending.filter((r) => r.kind === "Withdrawal");
      const deposits = pending.filter((r) => r.kind === "Deposit");
      const w = (i: number) =>
        previews.get(withdrawals.find((r) => r.owner === address(i))!.nftId)!;
      const d = (i: number) => previews.get(deposits.find((r) => r.owner === address(i))!.nftId)!;
      expect(w(1).rejected).toBe(0n);
      expect(w(2).accepted).toBeGreaterThan(0n);
      expect(w(2).rejected).toBeGreaterThan(0n);
      expect(w(3).accepted).toBe(0n);
      expect(w(4).accepted).toBe(0n);
      expect(d(1)).toMatchObject({ accepted: usdc("10000"), rejected: 0n });
      expect(d(2).reallocated).toBeGreaterThan(0n);
      expect(d(3).rejected).toBeGreaterThan(0n);
      expect(d(3).accepted + d(3).reallocated + d(3).rejected).toBeLessThanOrEqual(usdc("5000"));
    });
  }, 120_000);
});
