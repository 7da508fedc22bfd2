import { createPublicClient, createTestClient, http } from "viem";
import { describe, expect, inject, it } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";
import { PoolNotFoundError } from "../errors";
import { readEpochTimes } from "./epochs";
import { readPool, readPools } from "./pools";

const USDC = 10n ** 6n;
const WEEK = 7 * 86_400;

describe("pool and epoch reads against the seeded anvil", () => {
  const { rpcUrl, deployment } = inject("anvil");
  const client = createPublicClient({ transport: http(rpcUrl) });

  it("readPools returns the seeded pools, tranches and fixed-term configs", async () => {
    const pools = await readPools(client, deployment);

    expect(pools.map((p) => p.poolName)).toEqual([
      "Harbour Invoice Finance",
      "Cash Management Fund",
    ]);
    const [invoice, cash] = pools;
    expect(invoice?.id).toBe(0n);
    expect(invoice?.subheading).toMatch(/Australian SMEs/);
    expect(invoice?.requestEpochsInAdvance).toBe(1n);
    expect(invoice?.tranches.map((t) => [t.id, t.name])).toEqual([
      [0n, "Junior"],
      [1n, "Mezzanine"],
      [2n, "Senior"],
    ]);
    const apys = invoice?.tranches.map((t) => t.apy) ?? [];
    [0.18, 0.14, 0.1].forEach((apy, i) => expect(apys[i]).toBeCloseTo(apy, 6));
    for (const tranche of invoice?.tranches ?? []) {
      expect(tranche.interestRate).toBeGreaterThan(0n);
      expect(tranche.minimumDeposit).toBe(100n * USDC);
      expect(tranche.maximumDeposit).toBe(100_000n * USDC);
      expect(tranche.totalAssets).toBe(0n);
      expect(tranche.closed, "no loss has closed it").toBe(false);
    }
    expect(invoice?.tranches[0]?.capacity).toBe(1_000_000n * USDC);

    const senior = invoice?.tranches[2]?.fixedTermConfig;
    expect(senior).toHaveLength(1);
    expect(senior?.[0]).toMatchObject({
      configId: 1n,
      epochLockDuration: 26n,
      fixedTermDepositStatus: "Everyone",
    });
    expect(senior?.[0]?.apy).toBeCloseTo(0.12, 6);
    expect(invoice?.tranches[1]?.fixedTermConfig[0]?.fixedTermDepositStatus).toBe("Allowlist");
    expect(invoice?.tranches[0]?.fixedTermConfig).toEqual([]);
    // The Allowlist config lists dev account 1 (anvil's second well-known account) only.
    const allowlisted = (user: `0x${string}`) =>
      client.readContract({
        address: deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        functionName: "isFixedTermAllowlisted",
        args: [0n, 1n, 1n, user],
      });
    expect(await allowlisted("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe(true);
    expect(await allowlisted("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).toBe(false);

    expect(cash?.id).toBe(1n);
    expect(cash?.tranches).toHaveLength(1);
    expect(cash?.tranches[0]?.apy).toBeCloseTo(0.07, 6);
  });

  it("readPool returns one pool and throws PoolNotFoundError for an unknown id", async () => {
    const pools = await readPools(client, deployment);
    expect(await readPool(client, deployment, 1n)).toEqual(pools[1]);
    const error = await readPool(client, deployment, 99n).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PoolNotFoundError);
    expect(error).toMatchObject({ code: "POOL_NOT_FOUND", poolId: 99n });
  });

  it("readEpochTimes follows chain time into and out of the clearing period", async () => {
    const testClient = createTestClient({ mode: "anvil", transport: http(rpcUrl) });
    const snapshot = await testClient.snapshot();
    try {
      const now = async () => Number((await client.getBlock()).timestamp);
      const before = await readEpochTimes(client, deployment);
      const t0 = await now();
      expect(before.nextClearingPeriodStart).toBeGreaterThan(t0);
      expect(before.nextClearingPeriodStart - t0).toBeLessThanOrEqual(WEEK);
      expect(before.nextEpochStart).toBeGreaterThan(t0);
      expect(before.isClearingPeriod).toBe(false);
      expect(before.nextEpochStart - before.nextClearingPeriodStart).toBe(2 * 86_400);

      // Into the clearing period: the next one is a week later, the epoch is the same.
      await testClient.setNextBlockTimestamp({
        timestamp: BigInt(before.nextClearingPeriodStart),
      });
      await testClient.mine({ blocks: 1 });
      const clearing = await readEpochTimes(client, deployment);
      expect(clearing.isClearingPeriod).toBe(true);
      expect(clearing.currentEpoch).toBe(before.currentEpoch);
      expect(clearing.nextClearingPeriodStart).toBe(before.nextClearingPeriodStart + WEEK);

      // Into the next epoch.
      await testClient.setNextBlockTimestamp({ timestamp: BigInt(before.nextEpochStart) });
      await testClient.mine({ blocks: 1 });
      const next = await readEpochTimes(client, deployment);
      expect(next.isClearingPeriod).toBe(false);
      expect(next.currentEpoch).toBe(before.currentEpoch + 1n);
      expect(next.nextEpochStart).toBe(before.nextEpochStart + WEEK);
    } finally {
      await testClient.revert({ id: snapshot });
    }
  });
});
