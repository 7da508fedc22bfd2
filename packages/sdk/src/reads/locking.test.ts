import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { lock, unlock } from "../actions/locking";
import { approve } from "../actions/tokens";
import { calculateBonusInterestEarnings, calculateCompounding, ksuToNextLevel } from "../index";
import { ksuLockingAbi } from "../abi/generated";
import { devAccount, useChain } from "../test/chain";
import { getPerformanceFee } from "./fees";
import {
  calculateLaunchBonus,
  getKsuTokenPrice,
  getLockPeriods,
  getNextClearingPeriodDate,
  getNextEpochDate,
  getProductTokenPrice,
  getUserEarnedRksu,
  getUserStakedKsu,
  getUserTotalBonusAmount,
  readAvailableBonus,
  readLockingOverview,
  readProjectedUsdc,
  readUserTotals,
} from "./locking";
import { getUserLocks, readUserLockingSummary } from "./locking-summary";
import { readEpochTimes } from "./epochs";
import { readTokenBalance } from "./tokens";

const ksu = (amount: string) => parseUnits(amount, 18);
const DAY = 86_400;

describe("locking reads and builders against the seeded anvil", () => {
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const lender = devAccount(3).address;

  it("reads the seeded lock periods, price, bonus pool, dates and fee", async () => {
    const periods = await getLockPeriods(client, deployment);
    expect(
      periods.map((p) => [p.id, p.lockPeriod, p.rKSUMultiplier, p.ksuBonusMultiplier]),
    ).toEqual([
      [1n, String(30 * DAY), 0.05, 0],
      [2n, String(180 * DAY), 0.25, 0.1],
      [3n, String(360 * DAY), 0.5, 0.25],
      [4n, String(720 * DAY), 1, 0.7],
    ]);
    const price = await getProductTokenPrice(client, deployment);
    expect(price).toMatchObject({ priceUsdc: 500_000n, price: 0.5 });
    expect(price.updatedAt).toBeGreaterThan(0);
    expect(getKsuTokenPrice).toBe(getProductTokenPrice);
    expect(await readAvailableBonus(client, deployment)).toBe(ksu("5000000"));

    const times = await readEpochTimes(client, deployment);
    expect((await getNextEpochDate(client, deployment)).getTime()).toBe(
      times.nextEpochStart * 1000,
    );
    expect((await getNextClearingPeriodDate(client, deployment)).getTime()).toBe(
      times.nextClearingPeriodStart * 1000,
    );
    expect(await getPerformanceFee(client, deployment)).toEqual({ fraction: 0.1, wad: 10n ** 17n });

    // A fresh lender has nothing locked.
    expect(await getUserLocks(client, deployment, lender)).toEqual([]);
    expect(await getUserEarnedRksu(client, deployment, lender)).toBe(0n);
    expect(await getUserStakedKsu(client, deployment, lender)).toBe(0n);
    expect(await getUserTotalBonusAmount(client, deployment, lender)).toBe(0n);
    expect(await readProjectedUsdc(client, deployment, lender)).toBe(0n);
    expect(await readUserTotals(client, deployment, lender)).toEqual({
      activeDeposits: 0n,
      pendingDeposits: 0n,
      earnedRksu: 0n,
      stakedKsu: 0n,
      locks: [],
    });
  });

  it("calculateLaunchBonus is amount x multiplier, capped by the pool", () => {
    const period = { ksuBonusMultiplierWad: parseUnits("0.1", 18) };
    expect(
      calculateLaunchBonus({ amount: ksu("1000"), lockPeriod: period, bonusPool: ksu("1000000") }),
    ).toBe(ksu("100"));
    expect(
      calculateLaunchBonus({ amount: ksu("1000"), lockPeriod: period, bonusPool: ksu("7") }),
    ).toBe(ksu("7"));
    expect(calculateLaunchBonus({ amount: 0n, lockPeriod: period, bonusPool: 1n })).toBe(0n);
  });

  it("re-exports the simulator's calculations", () => {
    expect(calculateBonusInterestEarnings(1_000_000_000n, 2, 365)).toBe(2_000_000n);
    expect(calculateCompounding(1_000_000_000n, 0.1, 0)).toBe(0n);
  });

  it("lock then unlock after the period: rKSU, launch bonus, summary", async () => {
    await chain.inSnapshot(async () => {
      const before = await readTokenBalance(client, { token: deployment.ksu, owner: lender });
      const amount = ksu("1000");
      const [periods, bonusPool] = await Promise.all([
        getLockPeriods(client, deployment),
        readAvailableBonus(client, deployment),
      ]);
      const bonus = calculateLaunchBonus({ amount, lockPeriod: periods[1]!, bonusPool });
      expect(bonus).toBe(ksu("100"));

      await chain.send(
        3,
        approve({ token: deployment.ksu, spender: deployment.ksuLocking, amount }),
      );
      await chain.send(3, lock(deployment, { amount, lockPeriodId: 2n }));
      // The launch bonus is paid at once: only amount - bonus left the wallet.
      expect(await readTokenBalance(client, { token: deployment.ksu, owner: lender })).toBe(
        before - amount + bonus,
      );
      expect(await readAvailableBonus(client, deployment)).toBe(bonusPool - bonus);

      const summary = await readUserLockingSummary(client, deployment, lender);
      expect(summary).toMatchObject({
        earnedRksu: ksu("250"),
        stakedKsu: amount,
        claimableFees: 0n,
        loyaltyLevel: 0,
      });
      expect(summary.locks).toHaveLength(1);
      const [userLock] = summary.locks;
      expect(userLock).toMatchObject({
        id: 0n,
        lockPeriodId: 2n,
        lockedAmount: amount,
        rKSUAmount: ksu("250"),
      });
      expect(userLock!.unlockTime - userLock!.startTime).toBe(180 * DAY);
      expect(await getUserLocks(client, deployment, lender)).toEqual(summary.locks);
      expect(await getUserEarnedRksu(client, deployment, lender)).toBe(ksu("250"));
      expect(await getUserStakedKsu(client, deployment, lender)).toBe(amount);

      await chain.testClient.increaseTime({ seconds: 181 * DAY });
      await chain.testClient.mine({ blocks: 1 });
      await chain.send(3, unlock(deployment, { amount, lockId: 0n }));
      expect(await getUserStakedKsu(client, deployment, lender)).toBe(0n);
      expect(await getUserEarnedRksu(client, deployment, lender)).toBe(0n);
      expect(await readTokenBalance(client, { token: deployment.ksu, owner: lender })).toBe(
        before + bonus,
      );
    });
  }, 30_000);

  it("overview: the staked percentage and level on the chain's basis, and the KSU to the next level", async () => {
    await chain.inSnapshot(async () => {
      const user = devAccount(4).address;
      const levelOnChain = () =>
        client.readContract({
          address: deployment.ksuLocking,
          abi: ksuLockingAbi,
          functionName: "loyaltyLevel",
          args: [user],
        });
      // 1,000 USDC pending counts (active + pending deposits)
      await chain.deposit(4, {
        poolId: 1n,
        trancheId: 0n,
        amount: parseUnits("1000", 6),
        fixedTermConfigId: 0n,
      });
      await chain.send(
        4,
        approve({ token: deployment.ksu, spender: deployment.ksuLocking, amount: ksu("1000") }),
      );
      // 40 KSU for 720 days: 40 rKSU x 0.50 USDC = 20 USDC = 2% of 1,000 USDC: level 1
      await chain.send(4, lock(deployment, { amount: ksu("40"), lockPeriodId: 4n }));
      const o = await readLockingOverview(client, deployment, user);
      expect(o).toMatchObject({
        earnedRksu: ksu("40"),
        stakedKsu: ksu("40"),
        totalDeposits: parseUnits("1000", 6),
        stakedPercentage: 2,
        loyaltyLevel: 1,
        ksuPrice: { priceUsdc: 500_000n, fresh: true },
      });
      expect(o.loyaltyLevel).toBe(await levelOnChain());
      expect(o.locks.map((l) => [l.id, l.lockedAmount, l.rKSUAmount])).toEqual([
        [0n, ksu("40"), ksu("40")],
      ]);
      expect(o.lockPeriods.map((p) => p.rKSUMultiplier)).toEqual([0.05, 0.25, 0.5, 1]);

      // what the overview says is missing for level 2 is exactly what the chain needs
      const next = ksuToNextLevel({
        rksu: o.earnedRksu,
        ksuPriceUsdc: o.ksuPrice.priceUsdc,
        totalDepositsUsdc: o.totalDeposits,
        rksuMultiplierWad: o.lockPeriods[3]!.rKSUMultiplierWad,
      });
      expect(next).toEqual({ level: 2, ksu: ksu("60") });
      await chain.send(4, lock(deployment, { amount: next!.ksu - 1n, lockPeriodId: 4n }));
      expect(await levelOnChain()).toBe(1);
      await chain.send(4, lock(deployment, { amount: 1n, lockPeriodId: 4n }));
      expect(await levelOnChain()).toBe(2);
      const after = await readLockingOverview(client, deployment, user);
      expect(after).toMatchObject({ loyaltyLevel: 2, stakedPercentage: 5 });
    });
  }, 30_000);
});
