/**
 * Issue 24, finding 5: junk referral rows cost the keeper nothing, and referral payouts never
 * delay clearing. The RPC calls are counted by a JSON-RPC proxy in front of anvil.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseUnits,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import {
  moveToClearingPeriod,
  moveToNextEpoch,
} from "../../../apps/web/src/server/dev/demo-controls";
import type { DatabaseHandle } from "../../../apps/web/src/server/db/client";
import { openMigratedTestDatabase } from "../../../apps/web/src/server/test/pglite-template";
import { kycRecords, referralRewards, referrals } from "../../../apps/web/src/server/db/schema";
import type { KycInfo, KycProvider } from "../../../apps/web/src/server/services/kyc/types";
import { evmRevert, evmSnapshot } from "../fixture";
import "../fixture/types";
import { deployerAccount, demoLenderAccounts } from "../lib/dev-accounts";
import { parseKeeperConfig, type KeeperConfig } from "./config";
import { Keeper } from "./keeper";
import type { KeeperLogEntry } from "./log";

const { rpcUrl, deployment } = inject("anvil");
const publicClient = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
const ctx = { rpcUrl, chainId: 31337, deployment };

function config(url = rpcUrl): KeeperConfig {
  return {
    ...parseKeeperConfig({ RPC_URL: url, CHAIN_ID: "31337" }),
    pollIntervalMs: 100,
    maxBackoffMs: 400,
  };
}

/** A JSON-RPC proxy to anvil that counts the calls per method (batches included). */
async function countingProxy() {
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString();
      const parsed = JSON.parse(body) as { method: string } | { method: string }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
      }
      const upstream = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(await upstream.text());
    });
  });
  // the client (undici, 4 s) closes an idle connection before the server does: a socket the
  // server closed while a slow test prepared its next call is never reused ("fetch failed")
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (method: string) => counts.get(method) ?? 0,
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function send(
  key: Hex,
  request: Parameters<ReturnType<typeof walletOf>["writeContract"]>[0],
) {
  const hash = await walletOf(key).writeContract(request);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
}
const walletOf = (key: Hex) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: foundry,
    transport: http(rpcUrl),
  });

/** A deposit request by a demo lender (allowlisted by the admin: no KYC signature needed). */
async function deposit(lender: number, poolId: bigint, usdc: string) {
  const account = demoLenderAccounts[lender]!;
  await send(deployerAccount.privateKey, {
    ...lpm,
    functionName: "setKycStatus",
    args: [account.address, 1],
  });
  await send(account.privateKey, {
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: "approve",
    args: [deployment.lendingPoolManager, maxUint256],
  });
  await send(account.privateKey, {
    ...lpm,
    functionName: "requestDepositWithKyc",
    args: [
      poolId,
      0n,
      parseUnits(usdc, 6),
      0n,
      { signature: "0x", timestamp: BigInt(Date.now()), version: 1 },
      { nonce: 0n, blockExpiration: 0n, signature: "0x" },
    ],
  });
}

const nextToClear = async (poolId: bigint) =>
  (await publicClient.readContract({ ...lpm, functionName: "getPoolState", args: [poolId] }))
    .nextEpochToClear;

/**
 * A random 20-byte address, lowercase (no key behind it: the junk rows' addresses are never
 * signed for, and deriving 4,000 keys' addresses cost seconds of CPU).
 */
const randomAddress = () => `0x${randomBytes(20).toString("hex")}`;

/** A database with one real referral (a verified lender referred by a verified person) and junk. */
async function referralDatabase(referred: string, referrer: string, junk: number) {
  const handle = await openMigratedTestDatabase();
  const createdAt = new Date(Date.now() - 3_600_000);
  await handle.db
    .insert(referrals)
    .values({ chainId: 31337, owner: referred, referrer, createdAt });
  for (let i = 0; i < junk; i += 500) {
    await handle.db.insert(referrals).values(
      Array.from({ length: Math.min(500, junk - i) }, () => ({
        chainId: 31337,
        owner: randomAddress(),
        referrer: randomAddress(),
        createdAt,
      })),
    );
  }
  await handle.db.insert(kycRecords).values(
    [referred, referrer].map((address, i) => ({
      address,
      status: "Active" as const,
      entityType: "individual" as const,
      fullName: `Person ${i}`,
      email: `person${i}@example.org`,
      provider: "local",
      identityId: `local-${i}`,
    })),
  );
  return handle;
}

describe("keeper referral payouts (issue 24)", () => {
  let snapshot: string;
  const handles: DatabaseHandle[] = [];
  beforeEach(async () => {
    snapshot = await evmSnapshot(rpcUrl);
  });
  afterEach(async () => {
    await evmRevert(rpcUrl, snapshot);
    for (const h of handles.splice(0)) await h.close();
  });

  it("2,000 junk referral rows add no RPC call to a clearing's payout (counted at a proxy)", async () => {
    const referred = demoLenderAccounts[2]!.address.toLowerCase();
    const referrer = randomAddress();
    await deposit(2, 1n, "1000");
    // the deposit is accepted at one clearing; the next one pays interest
    const first = new Keeper(config(), deployment, () => {});
    await moveToClearingPeriod(ctx);
    await first.tick();
    await moveToNextEpoch(ctx);
    await moveToClearingPeriod(ctx);
    await first.tick();

    const proxy = await countingProxy();
    try {
      const ethCallsOfPayout = async (junk: number) => {
        const handle = await referralDatabase(referred, referrer, junk);
        handles.push(handle);
        const keeper = new Keeper(config(proxy.url), deployment, () => {}, {
          database: async () => handle.db,
        });
        await keeper.tick(); // scans the clearings (logs only)
        proxy.reset();
        await keeper.payReferrals();
        const rewards = await handle.db.select().from(referralRewards);
        return { calls: proxy.count("eth_call"), rewards };
      };
      const clean = await ethCallsOfPayout(0);
      const junk = await ethCallsOfPayout(2000);
      // one referred lender with a deposit: the fee rate, 3 holdings reads per clearing that it
      // held anything at, and the paid check; the same with 2,000 junk rows
      expect(clean.rewards).toHaveLength(1);
      expect(junk.rewards).toHaveLength(1);
      expect(junk.calls).toBe(clean.calls);
      expect(junk.calls).toBeLessThanOrEqual(1 + 3 * 2 + 1);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it("clears on time while a payout is pending (its KYC check hangs), then pays", async () => {
    const referred = demoLenderAccounts[3]!.address.toLowerCase();
    const referrer = randomAddress();
    const handle = await referralDatabase(referred, referrer, 0);
    handles.push(handle);
    await deposit(3, 1n, "1000");
    // the identity provider (an HTTP service in production) hangs until released
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const hanging: KycProvider = {
      name: "hanging",
      getCustomer: async (address): Promise<KycInfo> => {
        await gate;
        return {
          address,
          status: "Active",
          provider: "hanging",
          identityId: `hanging-${address}`,
        };
      },
      startVerification: () => Promise.reject(new Error("unused")),
      updateEmail: () => Promise.reject(new Error("unused")),
    };
    const entries: KeeperLogEntry[] = [];
    const keeper = new Keeper(config(), deployment, (e) => void entries.push(e), {
      database: async () => handle.db,
      kyc: () => hanging,
    });
    const controller = new AbortController();
    const run = keeper.run(controller.signal);
    const clearedBy = async (epoch: bigint) => {
      const start = Date.now();
      while ((await nextToClear(1n)) <= epoch) {
        if (Date.now() - start > 20_000) throw new Error(`epoch ${epoch} not cleared in 20 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return Date.now() - start;
    };
    try {
      for (let round = 0; round < 3; round++) {
        const epoch = await nextToClear(1n);
        await moveToClearingPeriod(ctx);
        // on time: within a few poll intervals, whatever the payout is waiting for
        expect(await clearedBy(epoch)).toBeLessThan(5_000);
        await moveToNextEpoch(ctx);
      }
      // the reward of the second and third clearings waits for the KYC answer: nothing paid yet
      expect(await handle.db.select().from(referralRewards)).toEqual([]);
      release();
      const start = Date.now();
      for (;;) {
        const paid = await handle.db.select().from(referralRewards);
        if (paid.length >= 2 && paid.every((r) => r.paidTx?.startsWith("0x"))) break;
        if (Date.now() - start > 20_000) throw new Error("the pending payouts were not made");
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      release();
      controller.abort();
      await run;
    }
    expect(entries.filter((e) => e.level === "error")).toEqual([]);
  }, 120_000);
});
