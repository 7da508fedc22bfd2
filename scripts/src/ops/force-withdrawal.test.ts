import { lendingPoolManagerAbi } from "@lending/sdk";
import { parseEventLogs, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { withSnapshot } from "../fixture/snapshot";
import { devAccount } from "../lib/dev-accounts";
import { UsageError } from "./db-commands";
import { parseForceWithdrawalArgs, runForceWithdrawal } from "./force-withdrawal";
import { testChain } from "./test-chain";

const CASH_POOL = 1n; // the seed's one-tranche pool (10 USDC minimum)
const LENDER = devAccount(1);
const OTHER = devAccount(2);

describe("ops withdraw:force: arguments", () => {
  it("parses pool, tranche, user and shares (a number or all)", () => {
    expect(
      parseForceWithdrawalArgs([
        "--pool",
        "1",
        "--tranche",
        "0",
        "--user",
        LENDER.address.toLowerCase(),
        "--shares",
        "all",
        "--reason",
        " Court order 12 ",
      ]),
    ).toEqual({
      pool: 1n,
      tranche: 0n,
      user: LENDER.address,
      shares: "all",
      reason: "Court order 12",
    });
    expect(
      parseForceWithdrawalArgs([
        "--pool=0",
        "--tranche=2",
        `--user=${LENDER.address}`,
        "--shares=5",
        "--reason=sanctions",
      ]).shares,
    ).toBe(5n);
  });

  it("names every bad or missing flag", () => {
    const message = (args: string[]) => {
      try {
        parseForceWithdrawalArgs(args);
        return "";
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
    };
    const all = message([]);
    for (const flag of ["--pool", "--tranche", "--user", "--shares", "--reason"]) {
      expect(all).toContain(`${flag} is required`);
    }
    expect(all).toContain("Usage: npm run ops -- withdraw:force");
    const bad = message(["--pool", "-1", "--tranche", "x", "--user", "0x12", "--shares", "1.5"]);
    expect(bad).toContain("--pool must be a whole number");
    expect(bad).toContain("--tranche must be a whole number");
    expect(bad).toContain("--user must be a 0x-prefixed 20-byte address");
    expect(bad).toContain("--shares must be 'all' or a whole number");
    expect(
      message(["--pool", "0", "--tranche", "0", "--user", LENDER.address, "--shares", "0"]),
    ).toContain("--shares must be above 0");
    // the reason is recorded in the audit trail: a blank one is refused
    expect(
      message([
        "--pool",
        "0",
        "--tranche",
        "0",
        "--user",
        LENDER.address,
        "--shares",
        "all",
        "--reason",
        "  ",
      ]),
    ).toContain("--reason is required");
    expect(message(["--pool"])).toContain("--pool needs a value");
  });
});

describe("ops withdraw:force on the local chain", () => {
  const anvil = inject("anvil");
  const { rpcUrl, deployment } = anvil;
  const { publicClient, wallet, admin, lpm, settledPosition: settled } = testChain(anvil);
  /** A cleared and settled 100 USDC deposit of LENDER in the cash pool; returns her shares. */
  const settledPosition = () => settled(LENDER, { pool: CASH_POOL });

  beforeAll(() => void vi.spyOn(console, "log").mockImplementation(() => {}));
  afterAll(() => void vi.restoreAllMocks());

  it("queues all of a lender's shares as a forced request owned and paid to the lender", async () => {
    await withSnapshot(rpcUrl, async () => {
      const shares = await settledPosition();
      expect(shares).toBeGreaterThan(0n);
      const result = await runForceWithdrawal(
        { publicClient, walletClient: admin, deployment },
        { pool: CASH_POOL, tranche: 0n, user: LENDER.address, shares: "all" },
      );
      expect(result.shares).toBe(shares);
      const receipt = await publicClient.getTransactionReceipt({ hash: result.hash });
      const [forced] = parseEventLogs({
        abi: lendingPoolManagerAbi,
        eventName: "WithdrawalForced",
        logs: receipt.logs,
      });
      expect(forced?.args).toMatchObject({
        nftId: result.nftId,
        user: LENDER.address,
        poolId: CASH_POOL,
        trancheId: 0n,
        shares,
        by: admin.account.address,
      });
      const request = await publicClient.readContract({
        ...lpm,
        functionName: "requestStatus",
        args: [result.nftId],
      });
      expect(request.owner).toBe(LENDER.address);
      expect(request.amount).toBe(shares);
      expect(
        await publicClient.readContract({
          ...lpm,
          functionName: "sharesOf",
          args: [CASH_POOL, 0n, LENDER.address],
        }),
      ).toBe(0n);
    });
  });

  it("refuses a signer without the pool manager role, a lender without shares and too many shares, sending nothing", async () => {
    await withSnapshot(rpcUrl, async () => {
      const shares = await settledPosition();
      const other = wallet(OTHER.privateKey);
      const nonces = async () =>
        Promise.all(
          [admin.account.address, OTHER.address].map((address: Address) =>
            publicClient.getTransactionCount({ address }),
          ),
        );
      const before = await nonces();
      const args = { pool: CASH_POOL, tranche: 0n, user: LENDER.address, shares: "all" as const };
      await expect(
        runForceWithdrawal({ publicClient, walletClient: other, deployment }, args),
      ).rejects.toThrow(`${OTHER.address} does not hold POOL_MANAGER_ROLE`);
      const ctx = { publicClient, walletClient: admin, deployment };
      await expect(runForceWithdrawal(ctx, { ...args, user: OTHER.address })).rejects.toThrow(
        `${OTHER.address} has no free shares in pool 1 tranche 0`,
      );
      await expect(runForceWithdrawal(ctx, { ...args, shares: shares + 1n })).rejects.toThrow(
        `has ${shares} free shares in pool 1 tranche 0, fewer than the ${shares + 1n} asked`,
      );
      await expect(runForceWithdrawal(ctx, { ...args, tranche: 3n })).rejects.toThrow(
        "Pool 1 has no tranche 3 (it has 1)",
      );
      await expect(runForceWithdrawal(ctx, { ...args, pool: 99n })).rejects.toThrow(
        "Pool 99 does not exist",
      );
      expect(await nonces()).toEqual(before);
    });
  });
});
