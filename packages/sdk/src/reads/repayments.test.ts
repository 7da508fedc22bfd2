import { describe, expect, it } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";
import { EPOCH_DURATION_SECONDS } from "../domain/time";
import { useChain } from "../test/chain";
import { readEpochTimes } from "./epochs";
import { readHistoricalRepayments } from "./repayments";

const USDC = 10n ** 6n;

describe("historical repayments (published by the pool manager, read per epoch)", () => {
  const { deployment, publicClient, testClient, wallet, inSnapshot } = useChain();

  const figures = (k: bigint) => ({
    openingLoanBalance: 1_000n * k * USDC,
    newFundingDrawdowns: 50n * k * USDC,
    principalInterestRepayments: 120n * k * USDC,
    closingLoanBalance: 930n * k * USDC,
    interestPaymentComponent: 20n * k * USDC,
    arrears: k * USDC,
    unrecoverableLosses: 0n,
  });
  /** The pool manager (dev account 0, the deployer) publishes an epoch's figures. */
  const publish = async (poolId: bigint, epoch: bigint, k: bigint) => {
    const hash = await wallet(0).writeContract({
      address: deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "publishRepayments",
      args: [poolId, epoch, figures(k)],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  };

  it("returns each published epoch of the pool, oldest first, with its start; skips the rest", async () => {
    await inSnapshot(async () => {
      const start = await readEpochTimes(publicClient, deployment);
      const e0 = start.currentEpoch;
      await publish(0n, e0, 1n);
      await publish(1n, e0, 7n); // another pool's figures stay with that pool
      await testClient.increaseTime({ seconds: 2 * EPOCH_DURATION_SECONDS });
      await testClient.mine({ blocks: 1 });
      await publish(0n, e0 + 2n, 2n); // e0 + 1 is never published

      const rows = await readHistoricalRepayments(publicClient, deployment, 0n);
      expect(rows.map((r) => r.epoch)).toEqual([e0, e0 + 2n]);
      expect(rows[0]).toMatchObject({
        ...figures(1n),
        epochStart: start.nextEpochStart - EPOCH_DURATION_SECONDS,
      });
      expect(rows[1]).toMatchObject(figures(2n));
      expect(rows[1]!.epochStart - rows[0]!.epochStart).toBe(2 * EPOCH_DURATION_SECONDS);

      const other = await readHistoricalRepayments(publicClient, deployment, 1n);
      expect(other).toEqual([expect.objectContaining({ epoch: e0, ...figures(7n) })]);

      // a window of one epoch: only the current one
      const last = await readHistoricalRepayments(publicClient, deployment, 0n, { epochs: 1 });
      expect(last.map((r) => r.epoch)).toEqual([e0 + 2n]);
    });
  });
});
