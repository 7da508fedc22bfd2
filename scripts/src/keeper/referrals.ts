/**
 * The keeper's referral payouts (issue 13; docs/protocol.md "Referral rewards"): after each
 * clearing (EpochCleared), every lender referred before it earns its referrer a share of the
 * performance fee its interest paid (`clearingFee` on `readClearingHoldings`, `referralReward`);
 * the rewards are recorded per referred lender (`referral_rewards`, the web server's database)
 * and each referrer's total is paid in USDC from the treasury by `ReferralRewards.pay`, which pays
 * a (pool, epoch, referrer) once: keepers running side by side, or one retrying after a crash,
 * never pay twice.
 *
 * Issue 24: the work scales with the referred lenders who hold deposits, never with referral
 * rows. The keeper's event scan tells which wallets requested a deposit in each pool
 * ({@link ReferralPayer.noteLender}); only those are looked up in `referrals` and only their
 * holdings are read (3 eth_calls each), at most `readsPerPass` per pass. The payer runs in its own
 * loop (Keeper.run), off the clearing path: clearing and settlement never wait for it, except for
 * one payout transaction at a time (the keeper's transactions share a nonce, so they are sent one
 * after the other). A reward is paid only while the referrer and the referred lender are verified,
 * different people (the KYC provider, asked at payout); a refused one is recorded with its reason
 * (`referral_rewards.refusal`) and never paid.
 */
import {
  clearingFee,
  getPerformanceFee,
  readClearingHoldings,
  referralReward,
  referralRewardsAbi,
  type Deployment,
} from "@lending/sdk";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  parseEventLogs,
  type Address,
  type Hash,
  type PublicClient,
  type WalletClient,
} from "viem";
import type { Database } from "../../../apps/web/src/server/db/client";
import {
  referralClearings,
  referralRewards,
  referrals,
} from "../../../apps/web/src/server/db/schema";
import {
  isKycCompleted,
  sameKycIdentity,
  type KycInfo,
  type KycProvider,
} from "../../../apps/web/src/server/services/kyc/types";
import type { KeeperLogger } from "./log";

/** A clearing seen in the manager's events. */
export type Clearing = { poolId: bigint; epoch: bigint; blockNumber: bigint };

/** A clearing being recorded: the pool's lenders at that clearing, and how far the passes got. */
type Job = { clearing: Clearing; lenders?: string[]; next: number; clearedAt?: Date };

/** Lenders looked up in `referrals` per query. */
const LENDERS_PAGE = 500;
const READS_AT_ONCE = 10;
const PAY_BATCH = 100;
/** Where another keeper's payout of a clearing is looked for: this many blocks after it. */
const PAYOUT_SEARCH_BLOCKS = 10_000n;

export class ReferralPayer {
  private readonly queue = new Map<string, Job>();
  /** pool id -> lender (lower case) -> the block of its first request in the pool */
  private readonly lenders = new Map<bigint, Map<string, bigint>>();
  private readonly shortfalls = new Map<string, { due: bigint; paid: bigint }>();
  private feeWad?: bigint;
  private waitingLogged = false;

  constructor(
    private readonly deps: {
      publicClient: PublicClient;
      walletClient: WalletClient;
      deployment: Deployment & { referralRewards: Address };
      chainId: number;
      /** REFERRAL_FEE_SHARE in parts per million */
      sharePpm: bigint;
      /** the web server's database; null while it cannot be reached (payouts wait) */
      database: () => Promise<Database | null>;
      /** the identity provider that says who is verified (asked at payout) */
      kyc: (db: Database) => KycProvider;
      /** referred lenders whose holdings one pass reads at most */
      readsPerPass: number;
      /** runs a transaction of the keeper's account after the others (one nonce sequence) */
      serialize: <T>(send: () => Promise<T>) => Promise<T>;
      log: KeeperLogger;
    },
  ) {}

  /** A clearing to pay rewards for (again after a rescan: paying is idempotent). */
  noteClearing(c: Clearing): void {
    const key = `${c.poolId}-${c.epoch}`;
    if (!this.queue.has(key)) this.queue.set(key, { clearing: c, next: 0 });
  }

  /** A lender requested a deposit (or a withdrawal) in a pool: its holdings may earn a reward. */
  noteLender(poolId: bigint, user: string, blockNumber: bigint): void {
    let pool = this.lenders.get(poolId);
    if (!pool) this.lenders.set(poolId, (pool = new Map()));
    const lender = user.toLowerCase();
    const seen = pool.get(lender);
    if (seen === undefined || blockNumber < seen) pool.set(lender, blockNumber);
  }

  /** Clearings whose rewards are not recorded and paid yet. */
  get pending(): number {
    return this.queue.size;
  }

  /** The interest reserve paid `paid` of `due` in this clearing: fees scale by it. */
  noteShortfall(poolId: bigint, epoch: bigint, due: bigint, paid: bigint): void {
    this.shortfalls.set(`${poolId}-${epoch}`, { due, paid });
  }

  /** Forgets what the scanned blocks said (a reorg or an anvil revert). */
  reset(): void {
    this.queue.clear();
    this.shortfalls.clear();
    this.lenders.clear();
  }

  /**
   * Records and pays the rewards of the clearings seen, oldest first, reading at most
   * `readsPerPass` referred lenders' holdings; the rest waits for the next pass. One that fails
   * waits for the next pass too.
   */
  async run(): Promise<void> {
    if (this.queue.size === 0) return;
    const db = await this.deps.database().catch(() => null);
    if (!db) {
      if (!this.waitingLogged) {
        this.deps.log({ level: "warn", action: "referrals-waiting", reason: "no database" });
        this.waitingLogged = true;
      }
      return;
    }
    this.waitingLogged = false;
    const budget = { reads: this.deps.readsPerPass };
    const kyc = this.deps.kyc(db);
    const verdicts = new Map<string, Promise<KycInfo>>();
    const infoOf = (address: string) => {
      let info = verdicts.get(address);
      if (!info) verdicts.set(address, (info = kyc.getCustomer(address)));
      return info;
    };
    for (const [key, job] of [...this.queue].sort((a, b) =>
      a[1].clearing.blockNumber < b[1].clearing.blockNumber ? -1 : 1,
    )) {
      const clearing = job.clearing;
      try {
        // done before (a restart scans every clearing again): nothing to read or pay
        if (await this.processed(db, clearing)) {
          this.queue.delete(key);
          continue;
        }
        await this.record(db, job, budget, infoOf);
        // the pass's reads are spent: this clearing goes on at the next pass
        if (job.next < job.lenders!.length) return;
        await this.pay(db, clearing);
        if (this.queue.get(key) !== job) continue; // forgotten meanwhile (a chain rewind)
        await db
          .insert(referralClearings)
          .values({
            chainId: this.deps.chainId,
            poolId: String(clearing.poolId),
            epoch: String(clearing.epoch),
          })
          .onConflictDoNothing();
        this.queue.delete(key);
      } catch (error) {
        // this clearing waits for the next pass; the others go on
        this.deps.log({
          level: "warn",
          action: "referrals-failed",
          poolId: clearing.poolId,
          epoch: clearing.epoch,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      if (budget.reads <= 0) return;
    }
  }

  private async processed(db: Database, c: Clearing): Promise<boolean> {
    const [row] = await db
      .select({ epoch: referralClearings.epoch })
      .from(referralClearings)
      .where(
        and(
          eq(referralClearings.chainId, this.deps.chainId),
          eq(referralClearings.poolId, String(c.poolId)),
          eq(referralClearings.epoch, String(c.epoch)),
        ),
      );
    return row !== undefined;
  }

  /**
   * Computes and stores the rewards of one clearing (rows already there are kept), from where the
   * last pass stopped: the pool's lenders (from the scanned events) that were referred before the
   * clearing, a page at a time, until the pass's reads are spent. A reward whose referrer or
   * referred lender is not a verified, different person is stored with its refusal.
   */
  private async record(
    db: Database,
    job: Job,
    budget: { reads: number },
    infoOf: (address: string) => Promise<KycInfo>,
  ): Promise<void> {
    const { publicClient, deployment, chainId, sharePpm } = this.deps;
    const c = job.clearing;
    if (!job.clearedAt) {
      const block = await publicClient.getBlock({ blockNumber: c.blockNumber });
      job.clearedAt = new Date(Number(block.timestamp) * 1000);
    }
    // lenders whose first request in the pool came before the clearing
    job.lenders ??= [...(this.lenders.get(c.poolId) ?? new Map<string, bigint>())]
      .filter(([, block]) => block < c.blockNumber)
      .map(([lender]) => lender)
      .sort();
    const clearedAt = job.clearedAt;
    const shortfall = this.shortfalls.get(`${c.poolId}-${c.epoch}`);
    while (job.next < job.lenders.length && budget.reads > 0) {
      const slice = job.lenders.slice(job.next, job.next + Math.min(LENDERS_PAGE, budget.reads));
      const page = await db
        .select({ owner: referrals.owner, referrer: referrals.referrer })
        .from(referrals)
        .where(
          and(
            eq(referrals.chainId, chainId),
            inArray(referrals.owner, slice),
            lte(referrals.createdAt, clearedAt),
          ),
        )
        .orderBy(asc(referrals.owner));
      if (page.length > 0) this.feeWad ??= (await getPerformanceFee(publicClient, deployment)).wad;
      const rows: (typeof referralRewards.$inferInsert)[] = [];
      for (let i = 0; i < page.length; i += READS_AT_ONCE) {
        const batch = page.slice(i, i + READS_AT_ONCE);
        const fees = await Promise.all(
          batch.map(async (r) =>
            clearingFee(
              await readClearingHoldings(publicClient, deployment, {
                user: r.owner as Address,
                poolId: c.poolId,
                clearingBlock: c.blockNumber,
              }),
              { feeWad: this.feeWad!, ...shortfall },
            ),
          ),
        );
        for (const [j, r] of batch.entries()) {
          const reward = referralReward(fees[j]!, sharePpm);
          if (reward === 0n) continue;
          rows.push({
            chainId,
            poolId: String(c.poolId),
            epoch: String(c.epoch),
            referrer: r.referrer,
            userAddress: r.owner,
            fee: String(fees[j]),
            reward: String(reward),
            clearedAt,
            refusal: await this.refusal(r.referrer, r.owner, infoOf),
          });
        }
      }
      if (rows.length) {
        await db.insert(referralRewards).values(rows).onConflictDoNothing();
        const refused = rows.filter((r) => r.refusal);
        if (refused.length) {
          this.deps.log({
            level: "warn",
            action: "referral-rewards-refused",
            poolId: c.poolId,
            epoch: c.epoch,
            refused: refused.map((r) => ({
              referrer: r.referrer,
              user: r.userAddress,
              reason: r.refusal,
            })),
          });
        }
      }
      job.next += slice.length;
      budget.reads -= Math.max(page.length, 1);
    }
  }

  /**
   * Why a reward must not be paid (issue 24), or null: the referrer and the referred lender must
   * both be verified (KYC Active or No Email) and be different people, now, at payout.
   */
  private async refusal(
    referrer: string,
    user: string,
    infoOf: (address: string) => Promise<KycInfo>,
  ): Promise<string | null> {
    const [r, u] = await Promise.all([infoOf(referrer), infoOf(user)]);
    if (!isKycCompleted(r.status)) return `the referrer is not verified (KYC ${r.status})`;
    if (!isKycCompleted(u.status)) return `the referred lender is not verified (KYC ${u.status})`;
    if (sameKycIdentity(r, u)) return "the referrer and the referred lender are the same person";
    return null;
  }

  /** Pays each referrer's unpaid total of one clearing; marks the rows with the transaction. */
  private async pay(db: Database, c: Clearing): Promise<void> {
    const { publicClient, walletClient, deployment, chainId } = this.deps;
    const contract = { address: deployment.referralRewards, abi: referralRewardsAbi } as const;
    const clearing = and(
      eq(referralRewards.chainId, chainId),
      eq(referralRewards.poolId, String(c.poolId)),
      eq(referralRewards.epoch, String(c.epoch)),
    );
    const owed = await db
      .select({
        referrer: referralRewards.referrer,
        total: sql<string>`sum(${referralRewards.reward}::numeric)::text`,
      })
      .from(referralRewards)
      .where(and(clearing, isNull(referralRewards.paidTx), isNull(referralRewards.refusal)))
      .groupBy(referralRewards.referrer)
      .orderBy(asc(referralRewards.referrer));
    for (let i = 0; i < owed.length; i += PAY_BATCH) {
      const batch = owed.slice(i, i + PAY_BATCH);
      const already = await Promise.all(
        batch.map((o) =>
          publicClient.readContract({
            ...contract,
            functionName: "paid",
            args: [c.poolId, c.epoch, o.referrer as Address],
          }),
        ),
      );
      // paid by another keeper (or before a crash): the rows it paid are marked with its
      // transaction; rows that do not add up to what was paid stay unpaid, and are reported
      for (const [j, o] of batch.entries()) {
        if (already[j] === 0n) continue;
        if (already[j] !== BigInt(o.total)) {
          this.deps.log({
            level: "warn",
            action: "referral-reward-mismatch",
            poolId: c.poolId,
            epoch: c.epoch,
            referrer: o.referrer,
            paid: already[j],
            recorded: o.total,
          });
          continue;
        }
        const [event] = await publicClient.getContractEvents({
          ...contract,
          eventName: "ReferralRewardPaid",
          args: { referrer: o.referrer as Address, poolId: c.poolId, epoch: c.epoch },
          fromBlock: c.blockNumber,
          toBlock: await this.searchEnd(c),
        });
        await this.markPaid(db, c, [o.referrer], event?.transactionHash ?? "paid on chain");
      }
      const due = batch.filter((_, j) => already[j] === 0n);
      if (due.length === 0) continue;
      const { hash, receipt } = await this.deps.serialize(async () => {
        const hash: Hash = await walletClient.writeContract({
          ...contract,
          functionName: "pay",
          args: [
            c.poolId,
            c.epoch,
            due.map((o) => o.referrer as Address),
            due.map((o) => BigInt(o.total)),
          ],
          account: walletClient.account!,
          chain: walletClient.chain,
        });
        return { hash, receipt: await publicClient.waitForTransactionReceipt({ hash }) };
      });
      if (receipt.status !== "success")
        throw new Error(`ReferralRewards.pay reverted (tx ${hash})`);
      const paidNow = parseEventLogs({
        abi: referralRewardsAbi,
        eventName: "ReferralRewardPaid",
        logs: receipt.logs,
      }).map((e) => e.args.referrer.toLowerCase());
      await this.markPaid(db, c, paidNow, hash);
      // owed to the referrer (its transfer failed): recorded on chain, collected with
      // ReferralRewards.claimDeferred; refused: above half the epoch's recorded fee, never paid
      const deferred = parseEventLogs({
        abi: referralRewardsAbi,
        eventName: "ReferralRewardDeferred",
        logs: receipt.logs,
      }).map((e) => e.args.referrer.toLowerCase());
      const refused = parseEventLogs({
        abi: referralRewardsAbi,
        eventName: "ReferralRewardRefused",
        logs: receipt.logs,
      }).map((e) => e.args.referrer.toLowerCase());
      await this.markPaid(db, c, deferred, hash);
      await this.markPaid(db, c, refused, `refused:${hash}`);
      if (deferred.length + refused.length > 0) {
        this.deps.log({
          level: "warn",
          action: "referral-rewards-not-paid",
          poolId: c.poolId,
          epoch: c.epoch,
          deferred,
          refused,
          tx: hash,
        });
      }
      this.deps.log({
        level: "info",
        action: "referral-rewards-paid",
        poolId: c.poolId,
        epoch: c.epoch,
        referrers: paidNow.length,
        tx: hash,
      });
    }
  }

  private async searchEnd(c: Clearing): Promise<bigint> {
    const head = await this.deps.publicClient.getBlockNumber({ cacheTime: 0 });
    const end = c.blockNumber + PAYOUT_SEARCH_BLOCKS;
    return end < head ? end : head;
  }

  private async markPaid(db: Database, c: Clearing, referrers: string[], hash: string) {
    for (const referrer of referrers) {
      await db
        .update(referralRewards)
        .set({ paidTx: hash })
        .where(
          and(
            eq(referralRewards.chainId, this.deps.chainId),
            eq(referralRewards.poolId, String(c.poolId)),
            eq(referralRewards.epoch, String(c.epoch)),
            eq(referralRewards.referrer, referrer.toLowerCase()),
            isNull(referralRewards.paidTx),
            isNull(referralRewards.refusal),
          ),
        );
    }
  }
}
