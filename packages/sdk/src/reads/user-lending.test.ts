import { decodeFunctionData, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";
import {
  cancelDepositRequest,
  cancelWithdrawalRequest,
  claim,
  lockDepositForFixedTerm,
  requestWithdrawalMax,
  withdrawAtExpiry,
} from "../actions/lending";
import { requestWithdrawalInUSDC } from "../actions/prepare";
import { canOfferCancel } from "../domain/requests";
import { InvalidAmountError, RequestNotFoundError } from "../errors";
import { devAccount, useChain } from "../test/chain";
import { readEpochTimes } from "./epochs";
import { readTokenBalance } from "./tokens";
import {
  getUserFixedLoans,
  getUserRequests,
  getUserTotalPendingAndActiveDepositedAmount,
  readKycNonce,
  readKycStatus,
  readMaxWithdrawalShares,
  readRequest,
  readUserPosition,
  toDepositRecord,
} from "./user-lending";
import { getCurrentEpochDepositedAmount } from "./epoch-deposits";
import { fixedTermPayoutsAt, type FixedTermLockEvents } from "./fixed-term-events";

const usdc = (amount: string) => parseUnits(amount, 6);
const DAY = 86_400n;
const WEEK = 7n * DAY;

describe("user lending against the seeded anvil", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const lender = devAccount(1).address;

  const { deposit } = chain;

  /** Moves time into the clearing period of `epoch` and clears the pool until it is cleared. */
  async function clearThrough(poolId: bigint, epoch: bigint) {
    const manager = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
    const genesis = await client.readContract({ ...manager, functionName: "genesis" });
    const clearingStart = genesis + epoch * WEEK + WEEK - 2n * DAY;
    const now = (await client.getBlock()).timestamp;
    if (now < clearingStart) {
      await chain.testClient.increaseTime({ seconds: Number(clearingStart - now + 60n) });
      await chain.testClient.mine({ blocks: 1 });
    }
    for (let i = 0; i < 10; i++) {
      const state = await client.readContract({
        ...manager,
        functionName: "getPoolState",
        args: [poolId],
      });
      if (state.nextEpochToClear > epoch) return;
      const hash = await chain.wallet(0).writeContract({
        ...manager,
        functionName: "clear",
        args: [poolId],
      });
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    throw new Error("epoch not cleared");
  }

  it("reads the seeded empty position of a demo lender", async () => {
    const position = await readUserPosition(client, deployment, lender);
    expect(position.requests).toEqual([]);
    expect(position.activeDeposits).toBe(0n);
    expect(position.pendingDeposits).toBe(0n);
    for (const p of position.positions) {
      expect(p.balance).toBe(0n);
      expect(p.availableToWithdraw).toBe(0n);
    }
    expect(await getUserRequests(client, deployment, lender)).toEqual([]);
    expect(await readKycNonce(client, deployment, lender)).toBe(0n);
    expect(await readKycStatus(client, deployment, lender)).toBe("None");
    expect(await getUserTotalPendingAndActiveDepositedAmount(client, deployment, lender)).toEqual({
      active: 0n,
      pending: 0n,
    });
    expect(await getUserFixedLoans(client, deployment, lender)).toEqual([]);
    await expect(readRequest(client, deployment, 999n)).rejects.toBeInstanceOf(
      RequestNotFoundError,
    );
  });

  it("KYC-signed deposit end to end: request, read back, cancel", async () => {
    await chain.inSnapshot(async () => {
      const before = await readTokenBalance(client, { token: deployment.usdc, owner: lender });
      const receipt = await deposit(1, {
        poolId: 0n,
        trancheId: 2n,
        amount: usdc("1000"),
        fixedTermConfigId: 1n,
      });
      expect(receipt.status).toBe("success");
      expect(await readKycNonce(client, deployment, lender)).toBe(1n);

      const requests = await getUserRequests(client, deployment, lender);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request).toMatchObject({
        owner: lender,
        poolId: 0n,
        trancheId: 2n,
        kind: "Deposit",
        amount: usdc("1000"),
        unit: "usdc",
        status: "Pending",
        requestStatus: "Requested",
        canCancel: true,
        canClaim: false,
        accepted: 0n,
        fixedTermConfigId: 1n,
        trancheName: "Senior",
        lendingPool: { id: 0n, name: "Harbour Invoice Finance" },
      });
      expect(request?.fixedTermConfig?.epochLockDuration).toBe(26n);
      expect(request?.apy).toBeCloseTo(0.12, 6);
      expect(request?.lendingPool.tranches.map((t) => t.name)).toEqual([
        "Junior",
        "Mezzanine",
        "Senior",
      ]);
      expect(canOfferCancel(request!)).toBe(true);
      expect(toDepositRecord(request!)).toMatchObject({
        id: request?.nftId,
        epochId: request?.epoch,
        acceptedAmount: 0n,
        trancheName: "Senior",
        lendingPool: { name: "Harbour Invoice Finance" },
      });
      expect(
        await getCurrentEpochDepositedAmount(client, deployment, {
          poolId: 0n,
          trancheId: 2n,
          user: lender,
        }),
      ).toBe(usdc("1000"));
      expect(await getUserTotalPendingAndActiveDepositedAmount(client, deployment, lender)).toEqual(
        { active: 0n, pending: usdc("1000") },
      );

      // Cancel: refunded in full, the request reads Cancelled.
      await chain.send(1, cancelDepositRequest(deployment, { poolId: 0n, nftId: request!.nftId }));
      expect(await readTokenBalance(client, { token: deployment.usdc, owner: lender })).toBe(
        before,
      );
      const cancelled = await readRequest(client, deployment, request!.nftId);
      expect(cancelled).toMatchObject({ status: "Cancelled", canCancel: false });
      expect(
        await getCurrentEpochDepositedAmount(client, deployment, {
          poolId: 0n,
          trancheId: 2n,
          user: lender,
        }),
      ).toBe(0n);
    });
  }, 30_000);

  it("cleared deposit: claim, fixed term, withdraw in USDC and max, cancel withdrawal", async () => {
    await chain.inSnapshot(async () => {
      const lender2 = devAccount(2).address;
      await deposit(2, { poolId: 0n, trancheId: 2n, amount: usdc("2000"), fixedTermConfigId: 0n });
      const [request] = await getUserRequests(client, deployment, lender2);
      await clearThrough(0n, request!.epoch);

      const cleared = await readRequest(client, deployment, request!.nftId);
      expect(cleared).toMatchObject({
        status: "Cleared",
        requestStatus: "Processed",
        canCancel: false,
        canClaim: true,
        accepted: usdc("2000"),
        rejected: 0n,
      });
      // Not claimed yet: the position counts the shares, the max withdrawal does not.
      const args = { poolId: 0n, trancheId: 2n, user: lender2 };
      expect(await readMaxWithdrawalShares(client, deployment, args)).toBe(0n);
      await chain.send(2, claim(deployment, { nftId: request!.nftId }));
      const shares = await readMaxWithdrawalShares(client, deployment, args);
      expect(shares).toBe(cleared.shares);

      let position = await readUserPosition(client, deployment, lender2);
      const senior = () => position.positions.find((p) => p.poolId === 0n && p.trancheId === 2n);
      expect(senior()?.availableToWithdraw).toBeGreaterThanOrEqual(usdc("2000") - 1n); // rounded down
      expect(senior()?.availableToWithdraw).toBeLessThanOrEqual(usdc("2000"));
      expect(position.activeDeposits).toBe(usdc("2000"));

      // Fix APY is closed in the clearing period (the contract, like the form): it reopens with
      // the next epoch.
      const fix = lockDepositForFixedTerm(deployment, {
        poolId: 0n,
        trancheId: 2n,
        amount: usdc("500"),
        configId: 1n,
      });
      const times = await readEpochTimes(client, deployment);
      expect(times.isClearingPeriod).toBe(true);
      await expect(chain.send(2, fix)).rejects.toThrow(/FixedTermLockClosed|0x56d20d43/);
      await chain.testClient.increaseTime({ seconds: times.nextEpochStart - times.chainTime });
      await chain.testClient.mine({ blocks: 1 });
      expect((await readEpochTimes(client, deployment)).isClearingPeriod).toBe(false);

      // Fix APY on 500 USDC: a fixed loan of 26 epochs.
      await chain.send(
        2,
        lockDepositForFixedTerm(deployment, {
          poolId: 0n,
          trancheId: 2n,
          amount: usdc("500"),
          configId: 1n,
        }),
      );
      const [loan] = await getUserFixedLoans(client, deployment, lender2);
      expect(loan).toMatchObject({ poolId: 0n, trancheId: 2n, configId: 1n, matured: false });
      expect(loan!.amount).toBeGreaterThanOrEqual(usdc("500") - 1n);
      // released at the clearing of its last fixed epoch, which opens 2 days before it ends
      expect(BigInt(loan!.endTime - loan!.startTime)).toBe(26n * WEEK - 2n * 86_400n);
      await chain.send(2, withdrawAtExpiry(deployment, { poolId: 0n, lockId: loan!.lockId }));
      const [marked] = await getUserFixedLoans(client, deployment, lender2);
      expect(marked?.withdrawAtExpiry).toBe(true);

      // Withdraw 100 USDC by amount: the request holds the shares worth at most 100 USDC.
      const tx = await requestWithdrawalInUSDC(client, deployment, {
        poolId: 0n,
        trancheId: 2n,
        amount: "100000000",
      });
      expect(tx.description).toMatchObject({
        action: "requestWithdrawalInUSDC",
        amount: usdc("100"),
      });
      const decoded = decodeFunctionData({ abi: lendingPoolManagerAbi, data: tx.data });
      expect(decoded.args?.[2]).toBe(tx.description.shares);
      await chain.send(2, tx);
      position = await readUserPosition(client, deployment, lender2);
      const withdrawal = position.requests.find((r) => r.kind === "Withdrawal");
      expect(withdrawal).toMatchObject({
        unit: "shares",
        amount: tx.description.shares,
        status: "Pending",
      });

      // Max: all remaining free shares, in the same request of this epoch.
      const rest = await readMaxWithdrawalShares(client, deployment, args);
      await chain.send(
        2,
        requestWithdrawalMax(deployment, { poolId: 0n, trancheId: 2n, shares: rest }),
      );
      expect(await readMaxWithdrawalShares(client, deployment, args)).toBe(0n);
      position = await readUserPosition(client, deployment, lender2);
      expect(senior()?.availableToWithdraw).toBe(0n);
      const grown = await readRequest(client, deployment, withdrawal!.nftId);
      expect(grown.amount).toBe(tx.description.shares + rest);

      // Cancel the withdrawal: the shares come back.
      await chain.send(
        2,
        cancelWithdrawalRequest(deployment, { poolId: 0n, nftId: withdrawal!.nftId }),
      );
      expect(await readMaxWithdrawalShares(client, deployment, args)).toBe(
        tx.description.shares + rest,
      );

      await expect(
        requestWithdrawalInUSDC(client, deployment, { poolId: 0n, trancheId: 2n, amount: "1.5" }),
      ).rejects.toBeInstanceOf(InvalidAmountError);
    });
  }, 60_000);
});

describe("fixedTermPayoutsAt (one scan of many lenders' locks, read at any block up to it)", () => {
  const [a, b] = [devAccount(1).address, devAccount(2).address];
  const lock = (over: Partial<FixedTermLockEvents>): FixedTermLockEvents => ({
    user: a,
    lockId: 1n,
    poolId: 1n,
    trancheId: 0n,
    lockedAssets: 1_000n,
    lockedAt: 10n,
    releases: [],
    ...over,
  });
  const locks = [
    lock({ lockId: 1n, releases: [{ block: 20n, assets: 1_050n }] }),
    lock({ lockId: 2n, lockedAt: 15n }),
    lock({ lockId: 3n, user: b, lockedAssets: 500n }),
  ];

  it("answers the lender's own locks only, whatever the case of the address", () => {
    expect(fixedTermPayoutsAt(locks, b).map((p) => p.lockId)).toEqual([3n]);
    expect(fixedTermPayoutsAt(locks, a.toLowerCase() as typeof a)).toHaveLength(2);
  });

  it("counts a lock from its block and a release's payment from its block on", () => {
    expect(fixedTermPayoutsAt(locks, a, 9n)).toEqual([]);
    expect(fixedTermPayoutsAt(locks, a, 19n)).toEqual([
      { lockId: 1n, poolId: 1n, trancheId: 0n, lockedAssets: 1_000n, paid: 0n },
      { lockId: 2n, poolId: 1n, trancheId: 0n, lockedAssets: 1_000n, paid: 0n },
    ]);
    expect(fixedTermPayoutsAt(locks, a, 20n)[0]!.paid).toBe(1_050n);
    expect(fixedTermPayoutsAt(locks, a)[0]!.paid).toBe(1_050n);
  });
});
