import { buildReferralMessage, checkReferralEligibility } from "@lending/sdk";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Database } from "../db/client";
import { firstDeposits, referralRewards, referrals } from "../db/schema";
import { conflict } from "../http/errors";
import { resolveFirstDeposits, type FirstDepositsLookup } from "./deposit-cache";
import { consumeSignature, verifySignedRequest } from "./signatures";

/** Whether a user has deposited (USDC sent to the LendingPoolManager). */
export type DepositCheck = (chainId: number, user: Address) => Promise<boolean>;

/**
 * {@link DepositCheck} from the `first_deposits` cache (see {@link resolveFirstDeposits}): a
 * found deposit is final, "none yet" is believed for 30 s, so repeated GETs for one owner cost
 * at most one chain query per 30 s.
 */
export function cachedDepositCheck(db: Database, lookup: FirstDepositsLookup): DepositCheck {
  return async (chainId, user) => {
    const owner = user.toLowerCase() as Address;
    const [cached] = await db
      .select({ amount: firstDeposits.amount, checkedAt: firstDeposits.checkedAt })
      .from(firstDeposits)
      .where(and(eq(firstDeposits.chainId, chainId), eq(firstDeposits.user, owner)));
    const found = await resolveFirstDeposits(db, lookup, chainId, [
      { user: owner, amount: cached?.amount ?? null, checkedAt: cached?.checkedAt ?? null },
    ]);
    return (found.get(owner) ?? 0n) > 0n;
  };
}

/**
 * The rule that refuses a referral, if any. `revealReference: false` leaves out whether the owner
 * already has a referrer (personal: only the owner's session or signature may learn it); the
 * self-referral and deposit rules are public (inputs and chain data).
 */
async function eligibility(
  db: Database,
  hasDeposits: DepositCheck,
  chainId: number,
  owner: Address,
  referrer: Address,
  revealReference = true,
) {
  const [existing] = revealReference
    ? await db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.chainId, chainId), eq(referrals.owner, owner)))
    : [];
  const hasDeposited = existing ? false : await hasDeposits(chainId, owner);
  return checkReferralEligibility({
    user: owner,
    referrer,
    hasReference: !!existing,
    hasDeposited,
  });
}

/**
 * GET /api/referral: the message to sign, or the rule that refuses it (spec section 8). Whether
 * the owner already has a referrer ('Reference already exists') is told only to the owner's
 * session (`ownerSession`); anyone else learns it from POST, which needs the owner's signature.
 * The route passes {@link cachedDepositCheck} (an unauthenticated GET must not cost a full-history
 * log query each time); POST, which writes, checks the chain afresh.
 */
export async function referralMessage(
  db: Database,
  deposits: DepositCheck,
  args: { chainId: number; owner: Address; referrer: Address; ownerSession: boolean },
): Promise<{ message: string }> {
  const refusal = await eligibility(
    db,
    deposits,
    args.chainId,
    args.owner,
    args.referrer,
    args.ownerSession,
  );
  if (refusal) throw conflict(refusal.message, { error: refusal.message });
  return {
    message: buildReferralMessage({
      chainId: args.chainId,
      owner: args.owner,
      referrer: args.referrer,
    }),
  };
}

/** POST /api/referral: applies a signed referral. */
export async function applyReferral(
  db: Database,
  deposits: DepositCheck,
  args: { chainId: number; owner: Address; referrer: Address; signature: Hex },
): Promise<{ isValid: true }> {
  const message = buildReferralMessage(args);
  await verifySignedRequest(db, { address: args.owner, message, signature: args.signature });
  const refusal = await eligibility(db, deposits, args.chainId, args.owner, args.referrer);
  if (refusal) throw conflict(refusal.message, { error: refusal.message });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(referrals)
      .values({ chainId: args.chainId, owner: args.owner, referrer: args.referrer })
      .onConflictDoNothing()
      .returning({ id: referrals.id });
    if (inserted.length === 0)
      throw conflict("Reference already exists", { error: "Reference already exists" });
    await consumeSignature(tx, { address: args.owner, message, purpose: "referral" });
  });
  return { isValid: true };
}

/** The largest page of GET /api/referral/userYields (and its default). */
export const USER_YIELDS_MAX_PAGE_SIZE = 100;

/**
 * GET /api/referral/userYields: one page of the referrer's referred users, oldest first, with the
 * total. Amounts are integer strings in 6 decimals. First deposits come from the shared cache
 * (one batched chain query for the page's unknown users at most); yields are the referral
 * rewards the keeper paid (docs/protocol.md "Referral rewards").
 */
export async function referralYields(
  db: Database,
  lookup: FirstDepositsLookup,
  args: { chainId: number; referrer: Address; page?: number; pageSize?: number },
) {
  const page = args.page ?? 1;
  const pageSize = Math.min(args.pageSize ?? USER_YIELDS_MAX_PAGE_SIZE, USER_YIELDS_MAX_PAGE_SIZE);
  const mine = and(eq(referrals.chainId, args.chainId), eq(referrals.referrer, args.referrer));
  // one query: the page, its cached first deposits and the total
  const rows = await db
    .select({
      user: referrals.owner,
      amount: firstDeposits.amount,
      checkedAt: firstDeposits.checkedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(referrals)
    .leftJoin(
      firstDeposits,
      and(eq(firstDeposits.chainId, referrals.chainId), eq(firstDeposits.user, referrals.owner)),
    )
    .where(mine)
    .orderBy(asc(referrals.createdAt), asc(referrals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(referrals)
      .where(mine);
  }
  const deposits = await resolveFirstDeposits(db, lookup, args.chainId, rows);
  const earned = await paidRewards(
    db,
    args.chainId,
    args.referrer,
    rows.map((r) => r.user),
  );
  return {
    totalUserRefferalsCount: total,
    items: rows.map((r) => ({
      user: r.user,
      firstDeposit: (deposits.get(r.user as Address) ?? 0n).toString(),
      yield: earned.byUser.get(r.user) ?? "0",
    })),
    latestEpochReferralYield: earned.latestEpoch,
    lifetimeRefferalYield: earned.lifetime,
    page,
    pageSize,
  };
}

/**
 * The referral rewards paid to `referrer` (the keeper's `referral_rewards` rows with a payout
 * transaction; USDC units as decimal strings): in all, in the latest epoch paid, and per user.
 */
async function paidRewards(db: Database, chainId: number, referrer: string, users: string[]) {
  const paid = and(
    eq(referralRewards.chainId, chainId),
    eq(referralRewards.referrer, referrer.toLowerCase()),
    isNotNull(referralRewards.paidTx),
    // refused on chain (above half the epoch's recorded fee): never paid
    sql`${referralRewards.paidTx} not like 'refused:%'`,
  );
  const [totals] = await db
    .select({
      lifetime: sql<string>`coalesce(sum(${referralRewards.reward}::numeric), 0)::text`,
      latestEpoch: sql<string | null>`max(${referralRewards.epoch}::numeric)::text`,
    })
    .from(referralRewards)
    .where(paid);
  let latest = "0";
  if (totals?.latestEpoch) {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${referralRewards.reward}::numeric), 0)::text` })
      .from(referralRewards)
      .where(and(paid, sql`${referralRewards.epoch}::numeric = ${totals.latestEpoch}::numeric`));
    latest = row?.sum ?? "0";
  }
  const byUser = new Map<string, string>();
  if (users.length) {
    const rows = await db
      .select({
        user: referralRewards.userAddress,
        sum: sql<string>`sum(${referralRewards.reward}::numeric)::text`,
      })
      .from(referralRewards)
      .where(and(paid, inArray(referralRewards.userAddress, users)))
      .groupBy(referralRewards.userAddress);
    for (const r of rows) byUser.set(r.user, r.sum);
  }
  return { lifetime: totals?.lifetime ?? "0", latestEpoch: latest, byUser };
}
