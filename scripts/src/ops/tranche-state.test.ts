/**
 * Issue 27 item 2, `npm run ops -- tranche:close` / `tranche:reopen`: the pool manager closes a
 * tranche to new deposits at will and reopens it; each transaction is recorded in the audit trail
 * by the console's service (tx-audit), with its reason; bad input or a wrong state sends nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../../apps/web/src/server/db/migrate";
import { listAudit } from "../../../apps/web/src/server/services/manage/audit";
import { auditTransaction } from "../../../apps/web/src/server/services/manage/tx-audit";
import { withSnapshot } from "../fixture/snapshot";
import { devAccount } from "../lib/dev-accounts";
import { UsageError } from "./db-commands";
import { testChain } from "./test-chain";
import { parseTrancheStateArgs, runTrancheState } from "./tranche-state";

const CASH_POOL = 1n; // the seed's one-tranche pool
const OTHER = devAccount(2);

describe("ops tranche:close / tranche:reopen: arguments", () => {
  it("parses pool, tranche and a required reason; bad input names every problem", () => {
    expect(
      parseTrancheStateArgs("tranche:close", [
        "--pool",
        "1",
        "--tranche",
        "0",
        "--reason",
        " Wind-down ",
      ]),
    ).toEqual({ pool: 1n, tranche: 0n, reason: "Wind-down" });
    const message = (args: string[]) => {
      try {
        parseTrancheStateArgs("tranche:close", args);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    const bad = message(["--pool", "-1", "--tranche", "x", "--reason", "  "]);
    expect(bad).toContain("--pool must be a whole number");
    expect(bad).toContain("--tranche must be a whole number");
    expect(bad).toContain("--reason is required");
    expect(bad).toContain(
      'Usage: npm run ops -- tranche:close --pool N --tranche N --reason "why"',
    );
    expect(message(["--pool", "1", "--tranche", "0"])).toContain("--reason is required");
  });
});

describe("ops tranche:close / tranche:reopen on the local chain", () => {
  const anvil = inject("anvil");
  const { rpcUrl, chainId, deployment } = anvil;
  const { publicClient, wallet, admin, lpm } = testChain(anvil);
  const ctx = { publicClient, walletClient: admin, deployment };
  const closed = () =>
    publicClient.readContract({ ...lpm, functionName: "trancheClosed", args: [CASH_POOL, 0n] });
  const dir = mkdtempSync(path.join(tmpdir(), "lending-tranche-"));
  let handle: DatabaseHandle;

  beforeAll(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    handle = await openDatabase({ pgliteDir: dir });
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("closes the tranche, reopens it, and records both in the audit trail with their reasons", async () => {
    await withSnapshot(rpcUrl, async () => {
      const audit = (hash: `0x${string}`, reason: string) =>
        auditTransaction(handle.db, {
          client: publicClient,
          deployment,
          chainId,
          actor: admin.account.address,
          hash,
          reason,
        });
      expect(await closed()).toBe(false);
      const closeHash = await runTrancheState(ctx, "tranche:close", {
        pool: CASH_POOL,
        tranche: 0n,
      });
      expect(await closed()).toBe(true);
      const [pool] = (await publicClient.readContract({ ...lpm, functionName: "getPools" })).filter(
        (p) => p.id === CASH_POOL,
      );
      expect(pool?.tranches[0]?.closed).toBe(true);
      await audit(closeHash, "Originator wind-down");

      const reopenHash = await runTrancheState(ctx, "tranche:reopen", {
        pool: CASH_POOL,
        tranche: 0n,
      });
      expect(await closed()).toBe(false);
      await audit(reopenHash, "Originator back");

      const rows = await listAudit(handle.db, chainId);
      const mine = rows.filter((r) => r.txHash === closeHash || r.txHash === reopenHash);
      expect(
        mine.map((r) => [r.action, r.target, r.reason]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
      ).toEqual([
        ["tranche:close", "pool 1 tranche 0", "Originator wind-down"],
        ["tranche:reopen", "pool 1 tranche 0", "Originator back"],
      ]);
    });
  });

  it("refuses a stranger, an unknown tranche, closing twice and reopening an open one, sending nothing", async () => {
    await withSnapshot(rpcUrl, async () => {
      const nonces = () =>
        Promise.all(
          [admin.account.address, OTHER.address].map((address: Address) =>
            publicClient.getTransactionCount({ address }),
          ),
        );
      const args = { pool: CASH_POOL, tranche: 0n };
      const start = await nonces();
      await expect(
        runTrancheState({ ...ctx, walletClient: wallet(OTHER.privateKey) }, "tranche:close", args),
      ).rejects.toThrow(`${OTHER.address} does not hold POOL_MANAGER_ROLE`);
      await expect(
        runTrancheState(ctx, "tranche:close", { pool: CASH_POOL, tranche: 3n }),
      ).rejects.toThrow("There is no pool 1 tranche 3.");
      await expect(
        runTrancheState(ctx, "tranche:close", { pool: 99n, tranche: 0n }),
      ).rejects.toThrow("There is no pool 99 tranche 0.");
      await expect(runTrancheState(ctx, "tranche:reopen", args)).rejects.toThrow(
        "Pool 1 tranche 0 is not closed.",
      );
      expect(await nonces()).toEqual(start);
      await runTrancheState(ctx, "tranche:close", args);
      const afterClose = await nonces();
      await expect(runTrancheState(ctx, "tranche:close", args)).rejects.toThrow(
        "Pool 1 tranche 0 is already closed.",
      );
      expect(await nonces()).toEqual(afterClose);
    });
  });
});
