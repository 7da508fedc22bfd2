import {
  buildReferralMessage,
  checkReferralEligibility,
  CircularReferralError,
  type ReferralYieldsPage,
} from "@lending/sdk";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import { firstDeposits, referralRewards, referrals } from "../db/schema";
import { conflict } from "../http/errors";
import { isKycCompleted, sameKycIdentity, type KycInfo, type KycProvider } from "./kyc/types";
import { resolveFirstDeposits, type FirstDepositsLookup } from "./deposit-cache";
import { consumeSignature, verifySignedRequest } from "./signatures";

/** Whether a user has deposited (USDC sent to the LendingPoolManager). */
export type DepositCheck = (chainId: number, user: Address) => Promise<boolean>;

/**
 * {@link DepositCheck} from the `first_deposits` cache (see {@link resolveFirstDeposits}): a
 * found deposit is final, "none yet" is believed for `noDepositTtlMs` (30 s by default), so
 * repeated GETs for one owner cost at most one chain query in that time.
 */
export function cachedDepositCheck(
  db: Database,
  lookup: FirstDepositsLookup,
  noDepositTtlMs?: number,
): DepositCheck {
  return async (chainId, user) => {
    const owner = user.toLowerCase() as Address;
    const [cached] = await db
      .select({ amount: firstDeposits.amount, checkedAt: firstDeposits.checkedAt })
      .from(firstDeposits)
      .where(and(eq(firstDeposits.chainId, chainId), eq(firstDeposits.user, owner)));
    const found = await resolveFirstDeposits(
      db,
      lookup,
      chainId,
      [{ user: owner, amount: cached?.amount ?? null, checkedAt: cached?.checkedAt ?? null }],
      Date.now(),
      noDepositTtlMs,
    );
    return (found.get(owner) ?? 0n) > 0n;
  };
}

/** Wallets up a referrer's chain whose identity is compared with the user's (a provider call each). */
const IDENTITY_CHAIN_DEPTH = 8;

/**
 * The referrer's upline, nearest first: who referred it, who referred that one, and so on
 * (lower-case addresses). One query; referrals never form a cycle, so it ends.
 */
async function uplineOf(db: Executor, chainId: number, referrer: Address): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(address, depth) as (
      select ${referrals.referrer}, 1 from ${referrals}
        where ${referrals.chainId} = ${chainId} and ${referrals.owner} = ${referrer.toLowerCase()}
      union
      select r.referrer, up.depth + 1 from ${referrals} r join up on r.owner = up.address
        where r.chain_id = ${chainId} and up.depth < 10000
    )
    select address from up order by depth`);
  // PGlite and node-postgres both answer { rows }
  return (result as unknown as { rows: { address: string }[] }).rows.map((r) => r.address);
}

/**
 * Whether the user referred the referrer, directly or down a chain (A refers B, B refers A; or
 * A, B, C round): by address, and by the KYC identity of the nearest wallets up the chain (a
 * second wallet of A's person).
 */
async function isCircular(
  db: Executor,
  chainId: number,
  owner: Address,
  referrer: Address,
  ownerInfo?: KycInfo,
  kyc?: KycProvider,
): Promise<boolean> {
  const upline = await uplineOf(db, chainId, referrer);
  if (upline.includes(owner.toLowerCase())) return true;
  if (!ownerInfo || !kyc) return false;
  for (const address of upline.slice(0, IDENTITY_CHAIN_DEPTH)) {
    if (sameKycIdentity(ownerInfo, await kyc.getCustomer(address))) return true;
  }
  return false;
}

/**
 * The rule that refuses a referral, if any. `revealPersonal: false` (anyone but the owner) leaves
 * out what only the owner may learn: whether it already has a referrer, and whether it referred
 * the referrer; the self-referral, deposit and verification rules are public (inputs, chain data
 * and the public KYC status). `compareIdentities` (POST, after the owner's signature) also refuses
 * a referrer who is the owner's own person (issue 24), compared by the KYC provider's identity.
 */
async function eligibility(
  db: Database,
  hasDeposits: DepositCheck,
  kyc: KycProvider,
  args: { chainId: number; owner: Address; referrer: Address },
  opts: { revealPersonal: boolean; compareIdentities: boolean },
) {
  const { chainId, owner, referrer } = args;
  const [existing] = opts.revealPersonal
    ? await db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.chainId, chainId), eq(referrals.owner, owner.toLowerCase())))
    : [];
  const base = { user: owner, referrer, hasReference: !!existing, hasDeposited: false };
  // the cheap rules first: no provider or chain call for a refused request
  const first = checkReferralEligibility(base);
  if (first) return first;
  const hasDeposited = await hasDeposits(chainId, owner);
  if (hasDeposited) return checkReferralEligibility({ ...base, hasDeposited });
  const [referrerInfo, ownerInfo] = await Promise.all([
    kyc.getCustomer(referrer),
    kyc.getCustomer(owner),
  ]);
  const referrerVerified = isKycCompleted(referrerInfo.status);
  const userVerified = isKycCompleted(ownerInfo.status);
  const verified = checkReferralEligibility({ ...base, referrerVerified, userVerified });
  if (verified) return verified;
  return checkReferralEligibility({
    ...base,
    sameIdentity: opts.compareIdentities && sameKycIdentity(ownerInfo, referrerInfo),
    circular:
      opts.revealPersonal &&
      (await isCircular(
        db,
        chainId,
        owner,
        referrer,
        opts.compareIdentities ? ownerInfo : undefined,
        kyc,
      )),
  });
}

/**
 * GET /api/referral: the message to sign, or the rule that refuses it (spec section 8; issue 24's
 * verification rules). Whether the owner already has a referrer ('Reference already exists') or
 * referred the referrer ('Circular referral') is told only to the owner's session
 * (`ownerSession`); anyone else learns it from POST, which needs the owner's signature. The route
 * passes {@link cachedDepositCheck} (an unauthenticated GET must not cost a full-history log query
 * each time); POST, which writes, checks the chain afresh.
 */
export async function referralMessage(
  db: Database,
  deposits: DepositCheck,
  kyc: KycProvider,
  args: { chainId: number; owner: Address; referrer: Address; ownerSession: boolean },
): Promise<{ message: string }> {
  const refusal = await eligibility(db, deposits, kyc, args, {
    revealPersonal: args.ownerSession,
    compareIdentities: false,
  });
  if (refusal) throw conflict(refusal.message, { error: refusal.message });
  return {
    message: buildReferralMessage({
      chainId: args.chainId,
      owner: args.owner,
      referrer: args.referrer,
    }),
  };
}

/**
 * POST /api/referral: applies a signed referral when every rule holds: the referrer and the owner
 * are verified, different people (KYC identity), and the referrer was not referred by the owner.
 * The cycle check runs again inside the writing transaction, under a lock per chain, so two
 * crossed requests (A refers B while B refers A) cannot both pass.
 */
export async function applyReferral(
  db: Database,
  deposits: DepositCheck,
  kyc: KycProvider,
  args: { chainId: number; owner: Address; referrer: Address; signature: Hex },
): Promise<{ isValid: true }> {
  const message = buildReferralMessage(args);
  await verifySignedRequest(db, { address: args.owner, message, signature: args.signature });
  const refusal = await eligibility(db, deposits, kyc, args, {
    revealPersonal: true,
    compareIdentities: true,
  });
  if (refusal) throw conflict(refusal.message, { error: refusal.message });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referrals:${args.chainId}`}))`);
    if (await isCircular(tx, args.chainId, args.owner, args.referrer)) {
      const circular = new CircularReferralError();
      throw conflict(circular.message, { error: circular.message });
    }
    const inserted = await tx
      .insert(referrals)
      .values({
        chainId: args.chainId,
        owner: args.owner.toLowerCase(),
        referrer: args.referrer.toLowerCase(),
      })
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
  args: {
    chainId: number;
    referrer: Address;
    page?: number;
    pageSize?: number;
    /** how long "no deposit yet" is believed (the server's NO_DEPOSIT_TTL_MS) */
    noDepositTtlMs?: number;
  },
): Promise<ReferralYieldsPage> {
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
  const deposits = await resolveFirstDeposits(
    db,
    lookup,
    args.chainId,
    rows,
    Date.now(),
    args.noDepositTtlMs,
  );
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
    // refused by the keeper (issue 24: a lender no longer verified): never paid
    isNull(referralRewards.refusal),
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
