// @vitest-environment node
/**
 * Issue 28 item 4: the epoch mail after a real clearing on anvil, in the outbox, once per lender
 * however often it runs, with a working unsubscribe token and the opt-out honoured.
 */
import {
  formatUsdc,
  lendingPoolManagerAbi,
  readPools,
  readRequest,
  readUserPosition,
  requestWithdrawalInUSDC,
  settle,
} from "@lending/sdk";
import { eq } from "drizzle-orm";
import { createPublicClient, custom, parseUnits, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { devAccount, useChain } from "../../../../../packages/sdk/src/test/chain";
import { outbox } from "../db/schema";
import { setupApiTestDatabase } from "../test/harness";
import {
  epochMailsOn,
  mailEpochClearing,
  readEpochOutcome,
  setEpochMails,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from "./epoch-mails";

const usdc = (v: string) => parseUnits(v, 6);
const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const POOL = 1n; // Cash Management Fund: one Senior tranche

describe("unsubscribe tokens", () => {
  const owner = devAccount(1).address;
  it("verify for the address they were signed for, and nothing else", () => {
    const token = unsubscribeToken(SECRET, 31337, owner);
    expect(verifyUnsubscribeToken(SECRET, 31337, token)).toBe(owner.toLowerCase());
    // another secret, another chain, another address with the same signature, a cut or padded token
    expect(verifyUnsubscribeToken(`${SECRET}x`, 31337, token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 84532, token)).toBeNull();
    const [, sig] = token.split(".");
    expect(
      verifyUnsubscribeToken(SECRET, 31337, `${devAccount(2).address.toLowerCase()}.${sig}`),
    ).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 31337, token.slice(0, -1))).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 31337, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 31337, "")).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 31337, `0x12.${sig}`)).toBeNull();
  });
});

describe("epoch mails after a clearing (issue 28)", () => {
  const t = setupApiTestDatabase();
  const chain = useChain();
  const { deployment, publicClient: client } = chain;
  const manager = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const emails: Record<string, string> = {
    [devAccount(1).address.toLowerCase()]: "one@example.org",
    [devAccount(2).address.toLowerCase()]: "two@example.org",
    [devAccount(3).address.toLowerCase()]: "three@example.org",
  };
  const setup = {
    client,
    deployment,
    mail: { from: "no-reply@example.org", linkSecret: SECRET },
    origin: "https://app.example.org/",
    emailOf: async (a: Address) => emails[a.toLowerCase()] ?? null,
  };

  async function clearThrough(epoch: bigint) {
    const genesis = await client.readContract({ ...manager, functionName: "genesis" });
    const start = genesis + epoch * 604_800n + 604_800n - 172_800n;
    const now = (await client.getBlock()).timestamp;
    if (now < start) {
      await chain.testClient.increaseTime({ seconds: Number(start - now + 60n) });
      await chain.testClient.mine({ blocks: 1 });
    }
    for (let i = 0; i < 10; i++) {
      const state = await client.readContract({
        ...manager,
        functionName: "getPoolState",
        args: [POOL],
      });
      if (state.nextEpochToClear > epoch) return;
      const hash = await chain.wallet(0).writeContract({
        ...manager,
        functionName: "clear",
        args: [POOL],
      });
      await client.waitForTransactionReceipt({ hash });
    }
  }

  /**
   * Dev account `lender` deposits `amount` USDC in the current request epoch (at the fixed-term
   * config's rate when one is given); the epoch is cleared and the deposit settled. Answers the
   * epoch.
   */
  async function depositClearSettle(lender: number, amount: string, fixedTermConfigId = 0n) {
    const epoch = await client.readContract({ ...manager, functionName: "requestEpoch" });
    await chain.deposit(lender, {
      poolId: POOL,
      trancheId: 0n,
      amount: usdc(amount),
      fixedTermConfigId,
    });
    await clearThrough(epoch);
    const owner = devAccount(lender).address;
    const [request] = (await readUserPosition(client, deployment, owner)).requests;
    await chain.send(0, settle(deployment, { nftIds: [request!.nftId] }));
    return epoch;
  }

  const mailsTo = async (to: string) => t.db().select().from(outbox).where(eq(outbox.to, to));

  it("mails each lender with a processed request once, with its figures, interest and one unsubscribe link; an opted-out lender gets none", async () => {
    await chain.inSnapshot(async () => {
      const one = devAccount(1).address;
      const e0 = await depositClearSettle(1, "5000");
      // the first clearing: lender 1's deposit (lender 2 had no request)
      expect(await mailEpochClearing(t.db(), setup, { poolId: POOL, epoch: e0 })).toEqual({
        lenders: 1,
        mailed: 1,
        alreadyMailed: 0,
      });

      // epoch e1: lender 1 withdraws part (and earns the epoch's interest), lender 2 deposits
      const e1 = e0 + 1n;
      await chain.send(
        1,
        await requestWithdrawalInUSDC(client, deployment, {
          poolId: POOL,
          trancheId: 0n,
          amount: usdc("1000"),
        }),
      );
      await chain.deposit(2, {
        poolId: POOL,
        trancheId: 0n,
        amount: usdc("300"),
        fixedTermConfigId: 0n,
      });
      const withdrawal = (await readUserPosition(client, deployment, one)).requests[0]!;
      await clearThrough(e1);
      const w = await readRequest(client, deployment, withdrawal.nftId);
      expect(w.assets).toBeGreaterThan(0n);

      const result = await mailEpochClearing(t.db(), setup, { poolId: POOL, epoch: e1 });
      expect(result).toEqual({ lenders: 2, mailed: 2, alreadyMailed: 0 });
      const [mail] = (await mailsTo("one@example.org")).filter((m) =>
        m.subject.includes(`epoch ${e1}`),
      );
      expect(mail!.subject).toBe(
        `Cash Management Fund: your requests of epoch ${e1} were processed`,
      );
      const paid = formatUsdc(w.assets);
      expect(mail!.text).toContain(`Withdrawal #${w.nftId} from Senior: ${paid} USDC paid`);
      const interest =
        /Interest of the epoch on your positions in Cash Management Fund: ([\d,.]+) USDC/.exec(
          mail!.text,
        );
      // 5,000 USDC (1,000 of it queued for withdrawal, still earning) at 7% a year for one
      // epoch, less the 10% fee: 5,000 x (1.07^(1/52.18) - 1) x 0.9 = 5.84 USDC
      expect(interest![1]).toBe("5.84");
      const links = mail!.text.match(/https:\/\/app\.example\.org\/unsubscribe\?token=(\S+)/g);
      expect(links).toHaveLength(1);
      const token = decodeURIComponent(links![0]!.split("token=")[1]!);
      expect(verifyUnsubscribeToken(SECRET, 31337, token)).toBe(one.toLowerCase());
      const two = await mailsTo("two@example.org");
      expect(two).toHaveLength(1);
      expect(two[0]!.text).toContain("300.00 USDC requested, 300.00 USDC accepted");

      // a second keeper (or a restart) runs it again: nobody is mailed twice
      expect(await mailEpochClearing(t.db(), setup, { poolId: POOL, epoch: e1 })).toEqual({
        lenders: 2,
        mailed: 0,
        alreadyMailed: 2,
      });
      expect(await mailsTo("two@example.org")).toHaveLength(1);

      // lender 2 unsubscribes: the next clearing with a request of theirs mails only lender 1
      await setEpochMails(t.db(), devAccount(2).address, false);
      expect(await epochMailsOn(t.db(), devAccount(2).address)).toBe(false);
      await chain.deposit(1, {
        poolId: POOL,
        trancheId: 0n,
        amount: usdc("100"),
        fixedTermConfigId: 0n,
      });
      await chain.deposit(2, {
        poolId: POOL,
        trancheId: 0n,
        amount: usdc("100"),
        fixedTermConfigId: 0n,
      });
      await clearThrough(e1 + 1n);
      expect(await mailEpochClearing(t.db(), setup, { poolId: POOL, epoch: e1 + 1n })).toEqual({
        lenders: 2,
        mailed: 1,
        alreadyMailed: 0,
      });
      expect(await mailsTo("two@example.org")).toHaveLength(1);

      // no link secret: no mail at all (a mail must carry its unsubscribe link)
      const { linkSecret: _, ...noSecret } = setup.mail;
      expect(
        await mailEpochClearing(t.db(), { ...setup, mail: noSecret }, { poolId: POOL, epoch: e0 }),
      ).toEqual({ lenders: 0, mailed: 0, alreadyMailed: 0 });
    });
  }, 120_000);

  it("counts a fixed-term lock's interest in the mail's interest, as the lock's value grew on chain", async () => {
    await chain.inSnapshot(async () => {
      const three = devAccount(3).address;
      const pool = (await readPools(client, deployment)).find((p) => p.id === POOL)!;
      const fixed = pool.tranches[0]!.fixedTermConfig[0]!.configId;
      // epoch e0: lender 3 (not mailed before) locks 5,000 USDC at the fixed rate, no variable
      // shares at all
      const e0 = await depositClearSettle(3, "5000", fixed);
      // the next epoch: a small variable deposit, so its clearing has a request of lender 3's
      const e1 = await depositClearSettle(3, "100");
      expect(e1).toBe(e0 + 1n);

      // the chain: what the lock was worth just before the clearing's block and at it
      const [cleared] = await client.getContractEvents({
        ...manager,
        eventName: "EpochCleared",
        args: { poolId: POOL, epoch: e1 },
        fromBlock: BigInt(deployment.deployBlock),
      });
      const block = cleared!.blockNumber;
      const locked = async (blockNumber: bigint) =>
        (await readUserPosition(client, deployment, three, { blockNumber })).positions.find(
          (p) => p.poolId === POOL && p.trancheId === 0n,
        )!.lockedInFixedTerm;
      const grown = (await locked(block)) - (await locked(block - 1n));
      expect(grown).toBeGreaterThan(0n);
      const outcome = await readEpochOutcome(client, deployment, POOL, e1);
      const interest = outcome!.lenders.find((l) => l.owner === three)!.interest;
      // the lock's growth; the deposit accepted in the same clearing earns nothing yet (its shares
      // are worth what it paid, to a unit of rounding)
      expect(interest).toBeGreaterThanOrEqual(grown - 1n);
      expect(interest).toBeLessThanOrEqual(grown);

      expect(await mailEpochClearing(t.db(), setup, { poolId: POOL, epoch: e1 })).toEqual({
        lenders: 1,
        mailed: 1,
        alreadyMailed: 0,
      });
      const [mail] = (await mailsTo("three@example.org")).filter((m) =>
        m.subject.includes(`epoch ${e1}`),
      );
      expect(mail!.text).toContain(
        `Interest of the epoch on your positions in Cash Management Fund: ${formatUsdc(interest)} USDC`,
      );
      // 5,000 USDC locked at 8% a year for one epoch, less the 10% fee:
      // 5,000 x (1.08^(1/52.18) - 1) x 0.9 = 6.64 USDC (the variable reading alone said 0.00)
      expect(formatUsdc(interest)).toBe("6.64");
    });
  }, 120_000);

  it("reads the chain's logs the same number of times for one lender as for three (one fixed-term scan per clearing)", async () => {
    await chain.inSnapshot(async () => {
      const pool = (await readPools(client, deployment)).find((p) => p.id === POOL)!;
      const fixed = pool.tranches[0]!.fixedTermConfig[0]!.configId;
      // epoch e0: one lender, with a fixed-term lock; epoch e1: three lenders (two with locks)
      const e0 = await depositClearSettle(1, "1000", fixed);
      const e1 = await client.readContract({ ...manager, functionName: "requestEpoch" });
      for (const lender of [1, 2, 3]) {
        await chain.deposit(lender, {
          poolId: POOL,
          trancheId: 0n,
          amount: usdc("200"),
          fixedTermConfigId: lender === 3 ? 0n : fixed,
        });
      }
      await clearThrough(e1);

      // the same node, through a transport that counts `eth_getLogs`
      let scans = 0;
      const counting = createPublicClient({
        chain: client.chain,
        transport: custom({
          request: ({ method, params }) => {
            if (method === "eth_getLogs") scans++;
            return client.request({ method, params } as never);
          },
        }),
      });
      const scansOf = async (epoch: bigint) => {
        scans = 0;
        const outcome = await readEpochOutcome(counting, deployment, POOL, epoch);
        return { lenders: outcome!.lenders, scans };
      };
      const one = await scansOf(e0);
      const three = await scansOf(e1);
      expect(one.lenders).toHaveLength(1);
      expect(three.lenders).toHaveLength(3);
      expect(three.scans).toBe(one.scans);
      // EpochCleared, RequestCreated, and the fixed-term locks and releases of all the lenders
      expect(three.scans).toBe(4);
      // and the interest is still each lender's own: lender 1's lock earned in e1, lender 2 and 3
      // held nothing before it
      const interest = (n: number) =>
        three.lenders.find((l) => l.owner === devAccount(n).address)!.interest;
      expect(interest(1)).toBeGreaterThan(0n);
      expect(interest(2)).toBeLessThanOrEqual(1n);
      expect(interest(3)).toBeLessThanOrEqual(1n);
    });
  }, 120_000);
});
