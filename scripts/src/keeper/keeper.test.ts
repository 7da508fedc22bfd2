import { createServer, connect, type Server, type Socket } from "node:net";
import { ksuAbi, ksuLockingAbi, lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseAbiItem,
  parseEventLogs,
  parseUnits,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import {
  moveToClearingPeriod,
  moveToNextEpoch,
} from "../../../apps/web/src/server/dev/demo-controls";
import { openMigratedTestDatabase } from "../../../apps/web/src/server/test/pglite-template";
import {
  kycRecords,
  referralClearings,
  referralRewards,
  referrals,
} from "../../../apps/web/src/server/db/schema";
import { evmRevert, evmSnapshot } from "../fixture";
import "../fixture/types";
import { getFreePort } from "../lib/net";
import { demoLenderAccounts, deployerAccount } from "../lib/dev-accounts";
import { localKeeperAccount, parseKeeperConfig, type KeeperConfig } from "./config";
import { ActionRefused, Keeper, settleWithBisection } from "./keeper";
import type { KeeperLogEntry } from "./log";

const { rpcUrl, deployment } = inject("anvil");
const publicClient = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
const locking = { address: deployment.ksuLocking, abi: ksuLockingAbi } as const;
const DAY = 86_400n;
const epochCleared = parseAbiItem(
  "event EpochCleared(uint256 indexed poolId, uint256 indexed epoch, uint256 interest, uint256 fee, uint256 withdrawalsPaid, uint256 depositsAccepted)",
);

function config(url = rpcUrl): KeeperConfig {
  return {
    ...parseKeeperConfig({ RPC_URL: url, CHAIN_ID: "31337" }),
    pollIntervalMs: 100,
    maxBackoffMs: 400,
  };
}

function recorder() {
  const entries: KeeperLogEntry[] = [];
  return { entries, log: (e: KeeperLogEntry) => void entries.push(e) };
}

async function wallet(key: Hex) {
  const client = createWalletClient({
    account: privateKeyToAccount(key),
    chain: foundry,
    transport: http(rpcUrl),
  });
  const send = async (request: Parameters<typeof client.writeContract>[0]) => {
    const hash = await client.writeContract(request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  };
  return { client, send };
}

/** A deposit request by a demo lender (allowlisted by the admin: no KYC signature needed). */
async function deposit(lender: number, poolId: bigint, trancheId: bigint, usdc: string) {
  const account = demoLenderAccounts[lender]!;
  const admin = await wallet(deployerAccount.privateKey);
  await admin.send({ ...lpm, functionName: "setKycStatus", args: [account.address, 1] });
  const user = await wallet(account.privateKey);
  await user.send({
    address: deployment.usdc,
    abi: testUsdcAbi,
    functionName: "approve",
    args: [deployment.lendingPoolManager, maxUint256],
  });
  const receipt = await user.send({
    ...lpm,
    functionName: "requestDepositWithKyc",
    args: [
      poolId,
      trancheId,
      parseUnits(usdc, 6),
      0n,
      { signature: "0x", timestamp: BigInt(Date.now()), version: 1 },
      { nonce: 0n, blockExpiration: 0n, signature: "0x" },
    ],
  });
  const ids = receipt.logs
    .filter((l) => l.address.toLowerCase() === deployment.requestNft.toLowerCase())
    .map((l) => BigInt(l.topics[3]!));
  return ids[0]!;
}

const owner = (id: bigint) =>
  publicClient.readContract({ ...lpm, functionName: "requestOwner", args: [id] });
const nextToClear = async (poolId: bigint) =>
  (await publicClient.readContract({ ...lpm, functionName: "getPoolState", args: [poolId] }))
    .nextEpochToClear;
const poolCount = () => publicClient.readContract({ ...lpm, functionName: "poolCount" });

/** Locks `ksu` KSU of a demo lender for the 30-day lock period (id 1); returns the lock id. */
async function lockKsu(lender: number, ksu: string): Promise<bigint> {
  const user = await wallet(demoLenderAccounts[lender]!.privateKey);
  const amount = parseUnits(ksu, 18);
  await user.send({
    address: deployment.ksu,
    abi: ksuAbi,
    functionName: "approve",
    args: [deployment.ksuLocking, amount],
  });
  const receipt = await user.send({ ...locking, functionName: "lock", args: [amount, 1n] });
  const [locked] = parseEventLogs({ abi: ksuLockingAbi, eventName: "Locked", logs: receipt.logs });
  return locked!.args.lockId;
}

/** Moves the chain's clock by `seconds` and mines a block (no one republishes the KSU price). */
async function advanceTime(seconds: bigint): Promise<bigint> {
  const head = await publicClient.getBlock({ blockTag: "latest" });
  const to = head.timestamp + seconds;
  await publicClient.request({
    method: "evm_setNextBlockTimestamp" as never,
    params: [Number(to)] as never,
  });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  return to;
}

const levelOf = (lender: number) =>
  publicClient.readContract({
    ...locking,
    functionName: "loyaltyLevel",
    args: [demoLenderAccounts[lender]!.address],
  });

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("keeper", () => {
  let snapshot: string;
  beforeEach(async () => {
    snapshot = await evmSnapshot(rpcUrl);
  });
  afterEach(async () => {
    await evmRevert(rpcUrl, snapshot);
  });

  it("clears every due pool and settles its requests within one pass", async () => {
    const a = await deposit(0, 0n, 2n, "500");
    const b = await deposit(1, 1n, 0n, "300");
    const before = [await nextToClear(0n), await nextToClear(1n)];
    const keeper = new Keeper(config(), deployment, recorder().log);
    await keeper.tick(); // not due yet: nothing cleared
    expect([await nextToClear(0n), await nextToClear(1n)]).toEqual(before);
    expect(await owner(a)).not.toBe("0x0000000000000000000000000000000000000000");

    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    await new Keeper(config(), deployment, log).tick();
    expect(await nextToClear(0n)).toBe(before[0]! + 1n);
    expect(await nextToClear(1n)).toBe(before[1]! + 1n);
    // Settled: the NFT is burnt and the request has no owner any more.
    expect(await owner(a)).toBe("0x0000000000000000000000000000000000000000");
    expect(await owner(b)).toBe("0x0000000000000000000000000000000000000000");
    const clears = entries.filter((e) => e.action === "clear");
    expect(clears).toHaveLength(Number(await poolCount()));
    for (const e of clears) expect(e.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const settles = entries.filter((e) => e.action === "settle" && e.txHash);
    expect(settles.flatMap((e) => e.settled as bigint[]).sort()).toEqual([a, b].sort());
  });

  it("mails each clearing it sends once, after the pass, and tries a failed mailing again (issue 28)", async () => {
    await deposit(1, 1n, 0n, "300");
    const before = await nextToClear(1n);
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const calls: string[] = [];
    let fail = true;
    const keeper = new Keeper(config(), deployment, recorder().log, {
      epochMails: async (poolId, epoch) => {
        calls.push(`${poolId}:${epoch}`);
        if (poolId === 1n && fail) throw new Error("SMTP down");
      },
    });
    await keeper.tick();
    expect(calls).toEqual([]); // clearing never waits for the mail
    await keeper.mailEpochs();
    expect(calls).toContain(`1:${before}`);
    const n = calls.length;
    fail = false;
    await keeper.mailEpochs(); // pool 1's failed mailing again, nothing else
    expect(calls.slice(n)).toEqual([`1:${before}`]);
    await keeper.mailEpochs(); // done: nothing more
    expect(calls).toHaveLength(n + 1);
  });

  it("releases matured fixed-term locks: one to the variable balance, one withdrawn at expiry paid in USDC", async () => {
    const ctx = { rpcUrl, chainId: 31337, deployment };
    const admin = await wallet(deployerAccount.privateKey);
    // a 2-epoch fixed term on pool 0's Senior tranche, open to everyone
    const added = await admin.send({
      ...lpm,
      functionName: "addFixedTermConfig",
      args: [0n, 2n, 2_000_000_000_000_000n, 2n, 1],
    });
    expect(added.status).toBe("success");
    const configs = (
      await publicClient.readContract({ ...lpm, functionName: "getPool", args: [0n] })
    ).tranches[2]!.fixedTermConfigs;
    const configId = configs[configs.length - 1]!.configId;
    await deposit(0, 0n, 2n, "1000");
    const keeper = new Keeper(config(), deployment, recorder().log);
    await moveToClearingPeriod(ctx);
    await keeper.tick(); // cleared and settled: 1,000 USDC of free shares
    await moveToNextEpoch(ctx); // Fix APY is closed in the clearing period
    const lender = demoLenderAccounts[0]!.address;
    const user = await wallet(demoLenderAccounts[0]!.privateKey);
    const lock = async (usdc: string) => {
      const receipt = await user.send({
        ...lpm,
        functionName: "lockDepositForFixedTerm",
        args: [0n, 2n, parseUnits(usdc, 6), configId],
      });
      const [locked] = parseEventLogs({
        abi: lendingPoolManagerAbi,
        eventName: "FixedTermLocked",
        logs: receipt.logs,
      });
      return locked!.args.lockId;
    };
    const variable = await lock("300");
    const atExpiry = await lock("200");
    await user.send({ ...lpm, functionName: "withdrawAtExpiry", args: [0n, atExpiry] });
    const locks = async () =>
      new Map(
        (
          await publicClient.readContract({
            ...lpm,
            functionName: "getUserFixedTermLocks",
            args: [lender],
          })
        ).map((l) => [l.lockId, l]),
      );
    const usdcBalance = () =>
      publicClient.readContract({
        address: deployment.usdc,
        abi: testUsdcAbi,
        functionName: "balanceOf",
        args: [lender],
      });

    const { entries, log } = recorder();
    const watcher = new Keeper(config(), deployment, log);
    await moveToClearingPeriod(ctx);
    await watcher.tick(); // the lock's first fixed epoch: nothing to release
    expect(entries.filter((e) => e.action === "release-lock")).toEqual([]);

    await moveToNextEpoch(ctx);
    await moveToClearingPeriod(ctx);
    await watcher.tick(); // its last fixed epoch is cleared: the variable one is released
    let released = entries.filter((e) => e.action === "release-lock" && e.txHash);
    expect(released.map((e) => e.lockId)).toEqual([variable]);
    expect((await locks()).get(variable)!.released).toBe(true);
    expect((await locks()).get(atExpiry)!.released).toBe(false);

    const before = await usdcBalance();
    await moveToNextEpoch(ctx);
    await moveToClearingPeriod(ctx);
    await watcher.tick(); // the epoch after the term pays the withdrawal at expiry
    released = entries.filter((e) => e.action === "release-lock" && e.txHash);
    expect(released.map((e) => e.lockId)).toEqual([variable, atExpiry]);
    expect((await locks()).get(atExpiry)!.released).toBe(true);
    expect(await usdcBalance()).toBeGreaterThan(before + parseUnits("200", 6));
    expect(entries.filter((e) => e.level !== "info")).toEqual([]);
  });

  it("a failing id never blocks the rest of a batch (bisection)", async () => {
    const sent: bigint[][] = [];
    const failed: bigint[] = [];
    const ids = [1n, 2n, 3n, 4n, 5n, 6n, 7n];
    await settleWithBisection(
      ids,
      async (batch) => {
        if (batch.includes(5n)) throw new ActionRefused("Boom", false);
        sent.push(batch);
      },
      (id) => failed.push(id),
    );
    expect(failed).toEqual([5n]);
    expect(sent.flat().sort()).toEqual([1n, 2n, 3n, 4n, 6n, 7n]);
  });

  it("leaves a cancelled request out and settles the cleared ones", async () => {
    const a = await deposit(0, 0n, 2n, "200");
    const cancelled = await deposit(1, 0n, 2n, "200");
    const user = await wallet(demoLenderAccounts[1]!.privateKey);
    await user.send({ ...lpm, functionName: "cancelDepositRequest", args: [0n, cancelled] });
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    await new Keeper(config(), deployment, log).tick();
    expect(await owner(a)).toBe("0x0000000000000000000000000000000000000000");
    expect(entries.filter((e) => e.level === "error")).toEqual([]);
  });

  it("two keepers at once: each epoch cleared once, every request settled, races logged as such", async () => {
    const ids = [
      await deposit(0, 0n, 2n, "100"),
      await deposit(1, 0n, 1n, "100"),
      await deposit(2, 1n, 0n, "100"),
    ];
    const before = await nextToClear(0n);
    // uncached: viem keeps a block number for 4 s, and the last test's evm_revert went back
    const fromBlock = await publicClient.getBlockNumber({ cacheTime: 0 });
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const one = recorder();
    const two = recorder();
    const controller = new AbortController();
    const runs = [
      new Keeper(config(), deployment, one.log).run(controller.signal),
      new Keeper(config(), deployment, two.log).run(controller.signal),
    ];
    try {
      await waitFor(async () => {
        const owners = await Promise.all(ids.map(owner));
        return owners.every((o) => /^0x0+$/.test(o)) && (await nextToClear(0n)) === before + 1n;
      }, 20_000);
      await new Promise((r) => setTimeout(r, 300)); // let both finish their pass
    } finally {
      controller.abort();
      await Promise.all(runs);
    }
    const cleared = await publicClient.getLogs({
      address: deployment.lendingPoolManager,
      event: epochCleared,
      fromBlock,
    });
    const keys = cleared.map((l) => `${l.args.poolId}:${l.args.epoch}`);
    expect(new Set(keys).size).toBe(keys.length); // no epoch cleared twice
    expect(keys).toContain(`0:${before}`);
    const all = [...one.entries, ...two.entries];
    expect(all.filter((e) => e.level === "error")).toEqual([]);
    expect(all.filter((e) => e.outcome === "failed" || e.outcome === "refused")).toEqual([]);
    expect(all.filter((e) => e.action === "clear" && e.txHash)).toHaveLength(
      Number(await poolCount()),
    );
  });

  it("backs off while the RPC is down (at most the cap) and catches up once it is back", async () => {
    const port = await getFreePort();
    const target = new URL(rpcUrl);
    const sockets = new Set<Socket>();
    let server: Server | undefined;
    const up = () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(Number(target.port), target.hostname);
          sockets.add(client).add(upstream);
          client.pipe(upstream).pipe(client);
          const close = () => (client.destroy(), upstream.destroy());
          client.on("error", close).on("close", close);
          upstream.on("error", close).on("close", close);
        }).listen(port, "127.0.0.1", () => resolve());
      });
    const down = () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        server?.close(() => resolve());
      });
    await up();
    const id = await deposit(0, 0n, 2n, "100");
    const before = await nextToClear(0n);
    const { entries, log } = recorder();
    const controller = new AbortController();
    const run = new Keeper(config(`http://127.0.0.1:${port}`), deployment, log).run(
      controller.signal,
    );
    try {
      await waitFor(async () => entries.some((e) => e.action === "start"), 5000);
      await new Promise((r) => setTimeout(r, 300));
      await down();
      await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
      await waitFor(async () => entries.filter((e) => e.action === "backoff").length >= 4, 10_000);
      expect(await nextToClear(0n)).toBe(before); // nothing could happen while it was down
      await up();
      const took = await waitFor(async () => (await nextToClear(0n)) === before + 1n, 5000);
      expect(took).toBeLessThan(400 + 100 + 1500); // the backoff cap + a poll + one pass
      await waitFor(async () => /^0x0+$/.test(await owner(id)), 5000);
    } finally {
      controller.abort();
      await run;
      await down();
    }
    const backoffs = entries.filter((e) => e.action === "backoff");
    expect(Math.max(...backoffs.map((e) => e.retryInMs as number))).toBe(400);
    expect(entries.some((e) => e.action === "rpc-recovered")).toBe(true);
  });

  it("logs the RPC's origin only, never the provider key in its path or credentials", async () => {
    const { entries, log } = recorder();
    const controller = new AbortController();
    controller.abort();
    const url = "http://user:pw@127.0.0.1:1/v2/SECRET-KEY";
    await new Keeper(config(url), deployment, log).run(controller.signal);
    const start = entries.find((e) => e.action === "start")!;
    expect(start.rpc).toBe("http://127.0.0.1:1");
    expect(JSON.stringify(entries)).not.toMatch(/SECRET-KEY|pw@/);
  });

  it("notices a rewound chain (anvil revert) and scans it again", async () => {
    const keeper = new Keeper(config(), deployment, recorder().log);
    await keeper.tick();
    const inner = await evmSnapshot(rpcUrl);
    await deposit(0, 0n, 2n, "100"); // scanned, then reverted away
    await keeper.tick();
    await evmRevert(rpcUrl, inner);
    const id = await deposit(1, 0n, 2n, "100");
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    Object.assign(keeper, { log });
    await keeper.tick();
    expect(entries.some((e) => e.action === "chain-rewound")).toBe(true);
    expect(await owner(id)).toBe("0x0000000000000000000000000000000000000000");
    expect(entries.filter((e) => e.level === "error" || e.outcome === "failed")).toEqual([]);
  });

  it("signs with the local keeper account, which the local deploy grants KEEPER_ROLE", async () => {
    const keeper = new Keeper(config(), deployment, recorder().log);
    expect(keeper.address).toBe(localKeeperAccount.address);
    const role = await publicClient.readContract({ ...lpm, functionName: "KEEPER_ROLE" });
    expect(
      await publicClient.readContract({
        ...lpm,
        functionName: "hasRole",
        args: [role, keeper.address],
      }),
    ).toBe(true);
  });

  it("pays referrers their share of the fee their referred lenders' interest paid, once; rewards stop (refusal recorded) when one loses verification", async () => {
    const handle = await openMigratedTestDatabase();
    try {
      const referred = demoLenderAccounts[2]!;
      const referrer = privateKeyToAccount(generatePrivateKey()).address;
      await handle.db.insert(referrals).values({
        chainId: 31337,
        owner: referred.address.toLowerCase(),
        referrer: referrer.toLowerCase(),
        createdAt: new Date(Date.now() - 3_600_000),
      });
      // both verified, different people (issue 24: paid only while they are)
      await handle.db.insert(kycRecords).values(
        [referred.address, referrer].map((address, i) => ({
          address: address.toLowerCase(),
          status: "Active" as const,
          entityType: "individual" as const,
          fullName: `Person ${i}`,
          email: `person${i}@example.org`,
          provider: "local",
          identityId: `local-person-${i}`,
        })),
      );
      const ctx = { rpcUrl, chainId: 31337, deployment };
      await deposit(2, 1n, 0n, "1000");
      const keeper = new Keeper(config(), deployment, recorder().log, {
        database: async () => handle.db,
      });
      // the first clearing accepts the deposit (no interest on it yet), the second pays interest
      await moveToClearingPeriod(ctx);
      await keeper.tick();
      await moveToNextEpoch(ctx);
      await moveToClearingPeriod(ctx);
      const epoch = await nextToClear(1n);
      await keeper.tick();
      await keeper.tick(); // scans the clearing
      await keeper.payReferrals(); // off the clearing path, after the clearing is scanned
      const [cleared] = await publicClient.getLogs({
        address: deployment.lendingPoolManager,
        event: epochCleared,
        args: { poolId: 1n, epoch },
        fromBlock: 0n,
      });
      expect(cleared).toBeDefined();
      // the rule, from the chain: 10% of the referred lender's interest in that clearing
      // (its balance before it x the tranche's epoch rate), and 10% of that fee
      const [[position]] = await publicClient.readContract({
        ...lpm,
        functionName: "getUserPosition",
        args: [referred.address],
        blockNumber: cleared!.blockNumber - 1n,
      });
      const pool = await publicClient.readContract({
        ...lpm,
        functionName: "getPool",
        args: [1n],
        blockNumber: cleared!.blockNumber,
      });
      const WAD = 10n ** 18n;
      const interest = (position!.balance * pool.tranches[0]!.epochInterestRate) / WAD;
      const fee = (interest * (WAD / 10n)) / WAD;
      const expected = (fee * 100_000n) / 1_000_000n;
      expect(expected).toBeGreaterThan(0n);
      const usdcOf = () =>
        publicClient.readContract({
          address: deployment.usdc,
          abi: testUsdcAbi,
          functionName: "balanceOf",
          args: [referrer],
        });
      expect(await usdcOf()).toBe(expected);
      const rows = await handle.db.select().from(referralRewards);
      expect(rows).toEqual([
        expect.objectContaining({
          poolId: "1",
          epoch: String(epoch),
          referrer: referrer.toLowerCase(),
          userAddress: referred.address.toLowerCase(),
          fee: String(fee),
          reward: String(expected),
          paidTx: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        }),
      ]);
      // another keeper (or a restart scanning again) pays nothing twice
      const other = new Keeper(config(), deployment, recorder().log, {
        database: async () => handle.db,
      });
      await other.tick();
      await other.payReferrals();
      expect(await usdcOf()).toBe(expected);
      // the clearing is marked done: a restart neither reads it again nor pays it
      const done = await handle.db.select().from(referralClearings);
      expect(done.map((r) => `${r.poolId}:${r.epoch}`)).toContain(`1:${epoch}`);

      // rewards stop when one loses verification: the next clearing's reward is refused, with why
      await handle.db
        .update(kycRecords)
        .set({ status: "Rejected" })
        .where(eq(kycRecords.address, referrer.toLowerCase()));
      await moveToNextEpoch(ctx);
      await moveToClearingPeriod(ctx);
      const next = await nextToClear(1n);
      await keeper.tick();
      await keeper.tick();
      await keeper.payReferrals();
      expect(await usdcOf()).toBe(expected);
      const refused = await handle.db
        .select()
        .from(referralRewards)
        .where(eq(referralRewards.epoch, String(next)));
      expect(refused).toEqual([
        expect.objectContaining({
          referrer: referrer.toLowerCase(),
          refusal: "the referrer is not verified (KYC Rejected)",
          paidTx: null,
        }),
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("a running keeper keeps the KSU price fresh through 8 days of chain time: a locker's loyalty level never drops to 0", async () => {
    await lockKsu(3, "10000");
    await deposit(3, 0n, 2n, "100");
    expect(await levelOf(3)).toBeGreaterThan(0);
    const [, deployedAt] = await publicClient.readContract({
      ...locking,
      functionName: "ksuPrice",
    });
    const maxAge = await publicClient.readContract({ ...locking, functionName: "maxPriceAge" });
    const { entries, log } = recorder();
    const controller = new AbortController();
    const run = new Keeper(config(), deployment, log).run(controller.signal);
    const age = async () => {
      const head = await publicClient.getBlock({ blockTag: "latest" });
      const [, updatedAt] = await publicClient.readContract({
        ...locking,
        functionName: "ksuPrice",
      });
      return head.timestamp - updatedAt;
    };
    let now = 0n;
    try {
      await waitFor(async () => entries.some((e) => e.action === "ksu-price" && e.txHash), 10_000);
      for (let day = 1; day <= 8; day++) {
        now = await advanceTime(DAY);
        // before the keeper's next pass: the price it kept is still live
        expect(await levelOf(3)).toBeGreaterThan(0);
        // and after it: never older than a quarter of maxPriceAge (plus the day just moved)
        await waitFor(async () => (await age()) < maxAge / 4n, 15_000);
      }
    } finally {
      controller.abort();
      await run;
    }
    expect(now).toBeGreaterThan(deployedAt + maxAge); // the deploy's price alone would be stale
    expect(await publicClient.readContract({ ...locking, functionName: "isKsuPriceFresh" })).toBe(
      true,
    );
    expect(await levelOf(3)).toBeGreaterThan(0);
    const published = entries.filter((e) => e.action === "ksu-price" && e.txHash);
    expect(published[0]).toMatchObject({ reason: "start", method: "spot", priceUsdc6: 500_000n });
    expect(published.filter((e) => e.reason === "age").length).toBeGreaterThanOrEqual(3);
    expect(published.slice(1).every((e) => e.method === "twap")).toBe(true);
    expect(published.every((e) => e.priceUsdc6 === 500_000n)).toBe(true); // no swap: 0.50
    expect(entries.filter((e) => e.level !== "info")).toEqual([]);
  }, 120_000);

  it("re-rates a level-2 request whose owner unlocked right after it down to level 0 before clearing its epoch", async () => {
    const lockId = await lockKsu(3, "10000");
    await advanceTime(31n * DAY); // the 30-day lock is over (rKSU still counts until unlocked)
    const keeper = new Keeper(config(), deployment, recorder().log);
    await keeper.tick(); // publishes a fresh price and clears the overdue epochs
    const request = await deposit(3, 0n, 2n, "100");
    const other = await deposit(0, 0n, 2n, "100"); // no KSU locked: level 0, nothing to re-rate
    const status = (id: bigint) =>
      publicClient.readContract({ ...lpm, functionName: "requestStatus", args: [id] });
    expect((await status(request)).level).toBe(2);
    expect((await status(other)).level).toBe(0);
    const epoch = (await status(request)).epoch;
    const user = await wallet(demoLenderAccounts[3]!.privateKey);
    await user.send({
      ...locking,
      functionName: "unlock",
      args: [parseUnits("10000", 18), lockId],
    });
    expect(await levelOf(3)).toBe(0);
    const fromBlock = await publicClient.getBlockNumber({ cacheTime: 0 });
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    Object.assign(keeper, { log });
    await keeper.tick();
    const rerates = entries.filter((e) => e.action === "rerate");
    expect(rerates).toEqual([
      expect.objectContaining({ id: request, from: 2, to: 0, poolId: 0n, epoch }),
    ]);
    const clearOfPool0 = entries.findIndex(
      (e) => e.action === "clear" && e.poolId === 0n && e.epoch === epoch,
    );
    expect(clearOfPool0).toBeGreaterThan(entries.indexOf(rerates[0]!));
    // on chain: the request's bucket moved to level 0 in an earlier block than the clearing
    const [rerated] = await publicClient.getLogs({
      address: deployment.lendingPoolManager,
      event: parseAbiItem(
        "event RequestRerated(uint256 indexed nftId, uint8 oldLevel, uint8 newLevel)",
      ),
      args: { nftId: request },
      fromBlock,
    });
    const [cleared] = await publicClient.getLogs({
      address: deployment.lendingPoolManager,
      event: epochCleared,
      args: { poolId: 0n, epoch },
      fromBlock,
    });
    expect(rerated!.args).toMatchObject({ oldLevel: 2, newLevel: 0 });
    expect(rerated!.blockNumber).toBeLessThan(cleared!.blockNumber);
    expect(entries.filter((e) => e.level !== "info")).toEqual([]);
  }, 60_000);

  it("re-rates at most KEEPER_RERATE_MAX requests per pass, logs the rest as capped, and clears anyway", async () => {
    const locks = [await lockKsu(2, "10000"), await lockKsu(3, "10000")];
    await advanceTime(31n * DAY);
    const keeper = new Keeper({ ...config(), rerateMax: 1 }, deployment, recorder().log);
    await keeper.tick(); // a fresh price, the overdue epochs cleared
    const requests = [await deposit(2, 0n, 2n, "100"), await deposit(3, 0n, 2n, "100")];
    for (const [i, lender] of [2, 3].entries()) {
      const user = await wallet(demoLenderAccounts[lender]!.privateKey);
      await user.send({
        ...locking,
        functionName: "unlock",
        args: [parseUnits("10000", 18), locks[i]!],
      });
    }
    const epoch = (
      await publicClient.readContract({
        ...lpm,
        functionName: "requestStatus",
        args: [requests[0]!],
      })
    ).epoch;
    const before = await nextToClear(0n);
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    Object.assign(keeper, { log });
    await keeper.tick();
    expect(entries.filter((e) => e.action === "rerate" && e.txHash)).toEqual([
      expect.objectContaining({ id: requests[0], from: 2, to: 0, epoch }),
    ]);
    expect(entries.filter((e) => e.outcome === "capped")).toEqual([
      expect.objectContaining({ level: "warn", poolId: 0n, epoch, done: 1, left: 1 }),
    ]);
    expect(await nextToClear(0n)).toBe(before + 1n);
  }, 60_000);

  it("signs price updates with the local keeper account, which the local deploy grants PRICE_SETTER_ROLE", async () => {
    const role = await publicClient.readContract({ ...locking, functionName: "PRICE_SETTER_ROLE" });
    expect(
      await publicClient.readContract({
        ...locking,
        functionName: "hasRole",
        args: [role, localKeeperAccount.address],
      }),
    ).toBe(true);
  });

  it("a failing price source is logged and retried with backoff, and clearing goes on", async () => {
    const id = await deposit(0, 0n, 2n, "100");
    const before = await nextToClear(0n);
    await moveToClearingPeriod({ rpcUrl, chainId: 31337, deployment });
    const { entries, log } = recorder();
    // a "pair" that is the KSU token: every read of it fails
    const keeper = new Keeper(
      {
        ...config(),
        pollIntervalMs: 1000,
        maxBackoffMs: 1500,
        priceSource: { kind: "uniswap-v2", pair: deployment.ksu },
      },
      deployment,
      log,
    );
    await keeper.tick();
    expect(await nextToClear(0n)).toBe(before + 1n);
    expect(await owner(id)).toBe("0x0000000000000000000000000000000000000000");
    const failed = entries.filter((e) => e.action === "ksu-price" && e.outcome === "failed");
    expect(failed).toEqual([
      expect.objectContaining({ level: "warn", failures: 1, retryInMs: 1000 }),
    ]);
    expect(String(failed[0]!.error)).toMatch(/not a Uniswap V2 pair/);
    await keeper.tick(); // within the backoff: not tried again
    expect(entries.filter((e) => e.action === "ksu-price")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));
    await keeper.tick();
    expect(entries.filter((e) => e.action === "ksu-price").at(-1)).toMatchObject({
      failures: 2,
      retryInMs: 1500, // the cap
    });
  });

  it("refuses a configuration without a key off the local chain, or with a bad RPC URL", () => {
    expect(() => parseKeeperConfig({ CHAIN_ID: "8453", RPC_URL: "https://example.org" })).toThrow(
      /KEEPER_PRIVATE_KEY: is required when CHAIN_ID is not 31337/,
    );
    expect(() => parseKeeperConfig({ RPC_URL: "not a url" })).toThrow(/RPC_URL/);
    // the payout's identity provider (issue 24): Compilot needs its API
    expect(() => parseKeeperConfig({ KYC_PROVIDER: "compilot" })).toThrow(/COMPILOT_API_URL/);
    expect(
      parseKeeperConfig({
        KYC_PROVIDER: "compilot",
        COMPILOT_API_URL: "https://compilot.example/api",
        COMPILOT_API_KEY: "k",
      }).kyc,
    ).toEqual({ provider: "compilot", apiUrl: "https://compilot.example/api", apiKey: "k" });
    expect(() => parseKeeperConfig({ KEEPER_MAX_BACKOFF_MS: "60000" })).toThrow(
      /KEEPER_MAX_BACKOFF_MS/,
    );
  });
});
