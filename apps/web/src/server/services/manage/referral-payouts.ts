/**
 * Referral payouts for the operator console (issue 27): the keeper's `referral_rewards`, one line
 * per pool, epoch and referrer, with what became of it. The keeper pays (scripts/src/keeper/
 * referrals.ts) and retries a clearing whose payout failed at its next pass; this is what the
 * operator reads. No "@/" imports: the ops CLI may import this file too.
 */
import { referralRewardsAbi, type Deployment } from "@lending/sdk";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import type { Executor } from "../../db/types";
import { referralClearings, referralRewards } from "../../db/schema";

/**
 * - paid: the referrer received it (ReferralRewards.pay);
 * - deferred: the pay transaction could not transfer it; owed on chain until the referrer
 *   collects it (ReferralRewards.claimDeferred);
 * - refused: never paid (not verified, different people at payout; or above the cap);
 * - failed: the clearing was processed but this reward was not paid (the keeper logged why);
 * - waiting: the keeper has not finished this clearing yet (it retries at each pass).
 */
export type PayoutStatus = "paid" | "deferred" | "refused" | "failed" | "waiting";

export type ReferralPayout = {
  poolId: string;
  epoch: string;
  referrer: string;
  /** USDC units, the referrer's total for the pool and epoch */
  reward: string;
  lenders: number;
  status: PayoutStatus;
  /** the pay transaction, or the refusal's reason */
  paidTx: string | null;
  refusal: string | null;
  clearedAt: string;
};

/** The newest payouts first (at most `limit` lines). */
export async function listReferralPayouts(
  db: Executor,
  chain: { client: PublicClient; deployment: Pick<Deployment, "referralRewards">; chainId: number },
  limit = 200,
): Promise<ReferralPayout[]> {
  const rows = await db
    .select({
      poolId: referralRewards.poolId,
      epoch: referralRewards.epoch,
      referrer: referralRewards.referrer,
      reward: sql<string>`sum(${referralRewards.reward}::numeric)::text`,
      lenders: sql<number>`count(*)::int`,
      paidTx: sql<string | null>`max(${referralRewards.paidTx})`,
      refusal: sql<string | null>`max(${referralRewards.refusal})`,
      clearedAt: sql<Date>`max(${referralRewards.clearedAt})`,
      processed: sql<boolean>`bool_or(${referralClearings.epoch} is not null)`,
    })
    .from(referralRewards)
    .leftJoin(
      referralClearings,
      and(
        eq(referralClearings.chainId, referralRewards.chainId),
        eq(referralClearings.poolId, referralRewards.poolId),
        eq(referralClearings.epoch, referralRewards.epoch),
      ),
    )
    .where(eq(referralRewards.chainId, chain.chainId))
    .groupBy(referralRewards.poolId, referralRewards.epoch, referralRewards.referrer)
    .orderBy(desc(sql`max(${referralRewards.clearedAt})`), referralRewards.referrer)
    .limit(limit);

  // a paid line whose referrer is owed on chain: the transfer was deferred
  const owed = new Map<string, bigint>();
  const contract = chain.deployment.referralRewards;
  if (contract) {
    const referrers = [...new Set(rows.filter((r) => r.paidTx).map((r) => r.referrer))];
    const amounts = await Promise.all(
      referrers.map((referrer) =>
        chain.client.readContract({
          address: contract,
          abi: referralRewardsAbi,
          functionName: "deferredOf",
          args: [referrer as Address],
        }),
      ),
    );
    referrers.forEach((r, i) => owed.set(r, amounts[i]!));
  }

  return rows.map((r) => {
    const status: PayoutStatus = r.refusal
      ? "refused"
      : r.paidTx?.startsWith("refused:")
        ? "refused"
        : r.paidTx
          ? (owed.get(r.referrer) ?? 0n) > 0n
            ? "deferred"
            : "paid"
          : r.processed
            ? "failed"
            : "waiting";
    return {
      poolId: r.poolId,
      epoch: r.epoch,
      referrer: r.referrer,
      reward: r.reward,
      lenders: r.lenders,
      status,
      paidTx: r.paidTx?.replace(/^refused:/, "") ?? null,
      refusal: r.refusal,
      clearedAt: new Date(r.clearedAt).toISOString(),
    };
  });
}
