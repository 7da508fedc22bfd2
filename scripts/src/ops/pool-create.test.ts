/**
 * Issue 27, `npm run ops -- pool:create`: the console's rules (`parsePoolDraft`) check the
 * command line before anything is sent; the pool manager's wallet creates the pool with its
 * tranches, junior first, and a wallet without the role is refused by the simulation, sending
 * nothing.
 */
import { manage } from "@lending/sdk";
import { draftTrancheArgs } from "@lending/sdk/testing";
import { describe, expect, inject, it } from "vitest";
import { withSnapshot } from "../fixture/snapshot";
import { devAccount } from "../lib/dev-accounts";
import { OpsError } from "./chain";
import { createPoolFromOps, parsePoolCreateFlags } from "./pool-create";
import { testChain } from "./test-chain";

const FLAGS = {
  name: "Invoice pool",
  subheading: "Trade receivables, 60 days",
  tranche1: "Junior, first loss,12,10,5000,100000",
  tranche2: "Senior,8,10,5000,200000",
  reason: "New originator",
};

describe("ops pool:create", () => {
  it("parses the pool and its tranches with the console's rules; bad input names the problem", () => {
    expect(parsePoolCreateFlags(FLAGS)).toEqual({
      name: "Invoice pool",
      subheading: "Trade receivables, 60 days",
      requestEpochsInAdvance: 0n,
      tranches: [
        draftTrancheArgs("Junior, first loss", 0.12, 100_000n),
        draftTrancheArgs("Senior", 0.08, 200_000n),
      ],
    });
    const refused: [Record<string, string | true>, RegExp][] = [
      [{ tranche1: FLAGS.tranche1 }, /--name is required/],
      [{ name: "P" }, new RegExp(manage.invalidTrancheCount)],
      [{ name: "P", tranche1: "Junior,12,10" }, /--tranche1 must be/],
      [{ name: "P", tranche1: FLAGS.tranche1, tranche3: FLAGS.tranche2 }, /--tranche2 is missing/],
      [{ name: "P", tranche1: "Junior,12,6000,5000,100000" }, /Tranche 1: The minimum/],
      [{ name: "P", tranche1: FLAGS.tranche1, "epochs-in-advance": "x" }, /epochs from 0 to 12/],
      [{ name: true, tranche1: FLAGS.tranche1 }, /--name needs a value/],
    ];
    for (const [flags, message] of refused) {
      expect(() => parsePoolCreateFlags(flags)).toThrow(OpsError);
      expect(() => parsePoolCreateFlags(flags)).toThrow(message);
    }
  });

  it("creates the pool from the pool manager's wallet; a stranger's is refused before sending", async () => {
    const anvil = inject("anvil");
    const c = testChain(anvil);
    await withSnapshot(anvil.rpcUrl, async () => {
      const before = await c.publicClient.readContract({ ...c.lpm, functionName: "poolCount" });
      const { poolId, hash } = await createPoolFromOps(
        { publicClient: c.publicClient, walletClient: c.admin, deployment: c.deployment },
        parsePoolCreateFlags(FLAGS),
      );
      expect(poolId).toBe(before);
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      const pool = await c.publicClient.readContract({
        ...c.lpm,
        functionName: "getPool",
        args: [poolId],
      });
      expect(pool.name).toBe("Invoice pool");
      expect(pool.subheading).toBe("Trade receivables, 60 days");
      expect(pool.tranches.map((t) => [t.name, t.capacity])).toEqual([
        ["Junior, first loss", 100_000_000_000n],
        ["Senior", 200_000_000_000n],
      ]);

      const stranger = c.wallet(devAccount(7).privateKey);
      const nonce = await c.publicClient.getTransactionCount({
        address: stranger.account.address,
      });
      await expect(
        createPoolFromOps(
          { publicClient: c.publicClient, walletClient: stranger, deployment: c.deployment },
          parsePoolCreateFlags(FLAGS),
        ),
      ).rejects.toThrow();
      expect(await c.publicClient.getTransactionCount({ address: stranger.account.address })).toBe(
        nonce,
      );
      expect(await c.publicClient.readContract({ ...c.lpm, functionName: "poolCount" })).toBe(
        before + 1n,
      );
    });
  });
});
