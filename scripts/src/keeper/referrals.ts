/**
 * The keeper's referral payouts (issue 13; docs/protocol.md "Referral rewards"): after each
 * clearing (EpochCleared), every lender referred before it earns its referrer a share of the
 * performance fee its interest paid (`clearingFee` on `readClearingHoldings`, `referralReward`);
 * the rewards are recorded per referred lender (`referral_rewards`, the web server's database)
 * and each referrer's total is paid in USDC from the treasury by `ReferralRewards.pay`, which pays
 * a (pool, epoch, referrer) once: keepers running side by side, or one retrying after a crash,
 * never pay twice.
 */
import {
  clearingFee,
  getPerformanceFee,
  readClearingHoldings,
  referralReward,
  referralRewardsAbi,
  type Deployment,
} from "@lending/sdk";
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
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
import type { KeeperLogger } from "./log";

/** A clearing seen in the manager's events. */
export type Clearing = { poolId: bigint; epoch: bigint; blockNumber: bigint };

const REFERRALS_PAGE = 500;
const READS_AT_ONCE = 10;
const PAY_BATCH = 100;
/** Where another keeper's payout of a clearing is looked for: this many blocks after it. */
const PAYOUT_SEARCH_BLOCKS = 10_000n;

export class ReferralPayer {
  private readonly queue = new Map<string, Clearing>();
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
      log: KeeperLogger;
    },
  ) {}

  /** A clearing to pay rewards for (again after a rescan: paying is idempotent). */
  noteClearing(c: Clearing): void {
    this.queue.set(`${c.poolId}-${c.epoch}`, c);
  }

  /** The interest reserve paid `paid` of `due` in this clearing: fees scale by it. */
  noteShortfall(poolId: bigint, epoch: bigint, due: bigint, paid: bigint): void {
    this.shortfalls.set(`${poolId}-${epoch}`, { due, paid });
  }

  /** Forgets what the scanned blocks said (a reorg or an anvil revert). */
  reset(): void {
    this.queue.clear();
    this.shortfalls.clear();
  }

  /** Records and pays the rewards of every clearing seen; one that fails waits for the next pass. */
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
    for (const [key, clearing] of [...this.queue].sort((a, b) =>
      a[1].blockNumber < b[1].blockNumber ? -1 : 1,
    )) {
      try {
        // done before (a restart scans every clearing again): nothing to read or pay
        if (await this.processed(db, clearing)) {
          this.queue.delete(key);
          continue;
        }
        await this.record(db, clearing);
        await this.pay(db, clearing);
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

  /** Computes and stores the rewards of one clearing (rows already there are kept). */
  private async record(db: Database, c: Clearing): Promise<void> {
    const { publicClient, deployment, chainId, sharePpm } = this.deps;
    const block = await publicClient.getBlock({ blockNumber: c.blockNumber });
    const clearedAt = new Date(Number(block.timestamp) * 1000);
    this.feeWad ??= (await getPerformanceFee(publicClient, deployment)).wad;
    const shortfall = this.shortfalls.get(`${c.poolId}-${c.epoch}`);
    let lastId = 0;
    for (;;) {
      // lenders referred before the clearing, a page at a time
      const page = await db
        .select({ id: referrals.id, owner: referrals.owner, referrer: referrals.referrer })
        .from(referrals)
        .where(
          and(
            eq(referrals.chainId, chainId),
            lte(referrals.createdAt, clearedAt),
            gt(referrals.id, lastId),
          ),
        )
        .orderBy(asc(referrals.id))
        .limit(REFERRALS_PAGE);
      if (page.length === 0) break;
      lastId = page.at(-1)!.id;
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
        batch.forEach((r, j) => {
          const reward = referralReward(fees[j]!, sharePpm);
          if (reward === 0n) return;
          rows.push({
            chainId,
            poolId: String(c.poolId),
            epoch: String(c.epoch),
            referrer: r.referrer,
            userAddress: r.owner,
            fee: String(fees[j]),
            reward: String(reward),
            clearedAt,
          });
        });
      }
      if (rows.length) await db.insert(referralRewards).values(rows).onConflictDoNothing();
      if (page.length < REFERRALS_PAGE) break;
    }
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
      .where(and(clearing, isNull(referralRewards.paidTx)))
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
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
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
          ),
        );
    }
  }
}
