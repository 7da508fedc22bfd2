import { parseEventLogs, type Address } from "viem";
import { lendingPoolManagerAbi } from "@lending/sdk";
import { describe, expect, inject, it } from "vitest";
import {
  closeIncident,
  openIncident,
  playDefault,
  reportLoss,
} from "../../../apps/web/src/server/services/incidents";
import { withSnapshot } from "../fixture/snapshot";
import { devAccount } from "../lib/dev-accounts";
import { testChain } from "./test-chain";

const CASH_POOL = 1n; // the seed's one-tranche pool
const LENDER = devAccount(1);
const OTHER = devAccount(2);

describe("ops incident commands on the local chain", () => {
  const anvil = inject("anvil");
  const { rpcUrl, deployment } = anvil;
  const { publicClient, wallet, admin, lpm, settledPosition } = testChain(anvil);
  const ctx = { publicClient, walletClient: admin, deployment, local: true };
  const value = () =>
    publicClient
      .readContract({ ...lpm, functionName: "sharesOf", args: [CASH_POOL, 0n, LENDER.address] })
      .then((shares) =>
        publicClient.readContract({
          ...lpm,
          functionName: "convertToAssets",
          args: [CASH_POOL, 0n, shares],
        }),
      );

  it("default:play opens an incident, reports the loss, clears what is due and closes it", async () => {
    await withSnapshot(rpcUrl, async () => {
      await settledPosition(LENDER, { pool: CASH_POOL, usdc: 100_000_000n });
      const before = await value();
      const heard: string[] = [];
      const steps = await playDefault(ctx, {
        poolId: CASH_POOL,
        amount: 30_000_000n,
        onStep: (s) => heard.push(s.action),
      });
      expect(steps.map((s) => s.action)).toEqual(heard);
      // nothing was drawn in the seed: the local demo draws the loan it then loses
      expect(heard[0]).toBe("draw");
      expect(heard.slice(1, 4)).toEqual(["incident:open", "loss:report", "publish-repayments"]);
      expect(heard.at(-1)).toBe("incident:close");
      const report = steps.find((s) => s.action === "loss:report")!;
      const receipt = await publicClient.getTransactionReceipt({ hash: report.hash });
      const [loss] = parseEventLogs({
        abi: lendingPoolManagerAbi,
        eventName: "LossReported",
        logs: receipt.logs,
      });
      expect(loss?.args).toEqual({ poolId: CASH_POOL, amount: 30_000_000n });
      // the historical repayments of the epoch show it as an unrecoverable loss
      const epoch = await publicClient.readContract({ ...lpm, functionName: "currentEpoch" });
      const published = await publicClient.readContract({
        ...lpm,
        functionName: "getRepayments",
        args: [CASH_POOL, epoch],
      });
      expect(published.unrecoverableLosses).toBe(30_000_000n);
      expect(
        await publicClient.readContract({
          ...lpm,
          functionName: "incidentOpen",
          args: [CASH_POOL],
        }),
      ).toBe(false);
      // the lender held the whole tranche: she lost the whole 30 USDC (to rounding)
      const after = await value();
      expect(before - after).toBeGreaterThanOrEqual(29_999_999n);
      expect(before - after).toBeLessThanOrEqual(30_000_001n);
    });
  });

  it("refuses out-of-order steps, a stranger and a loss above the drawn principal, sending nothing", async () => {
    await withSnapshot(rpcUrl, async () => {
      const nonces = () =>
        Promise.all(
          [admin.account.address, OTHER.address].map((address: Address) =>
            publicClient.getTransactionCount({ address }),
          ),
        );
      const start = await nonces();
      await expect(reportLoss(ctx, CASH_POOL, 1_000_000n)).rejects.toThrow(
        "Pool 1 has no open incident: open one first (incident:open --pool 1)",
      );
      await expect(closeIncident(ctx, CASH_POOL)).rejects.toThrow(
        "Pool 1 has no open incident to close",
      );
      await expect(openIncident(ctx, 99n)).rejects.toThrow("Pool 99 does not exist");
      await expect(
        openIncident({ ...ctx, walletClient: wallet(OTHER.privateKey) }, CASH_POOL),
      ).rejects.toThrow(`${OTHER.address} does not hold POOL_MANAGER_ROLE`);
      await expect(reportLoss(ctx, CASH_POOL, 0n)).rejects.toThrow("above 0");
      expect(await nonces()).toEqual(start);

      await openIncident(ctx, CASH_POOL);
      await expect(openIncident(ctx, CASH_POOL)).rejects.toThrow(
        "Pool 1 already has an open incident",
      );
      await expect(reportLoss(ctx, CASH_POOL, 1_000_000n)).rejects.toThrow(
        "exceeds pool 1's drawn principal (0 USDC)",
      );
      // off the local chain a play does not draw a loan for the demo
      await expect(
        playDefault({ ...ctx, local: false }, { poolId: CASH_POOL, amount: 1_000_000n }),
      ).rejects.toThrow("exceeds pool 1's drawn principal");
      const closed = await closeIncident(ctx, CASH_POOL);
      expect(closed.action).toBe("incident:close");
    });
  });
});
