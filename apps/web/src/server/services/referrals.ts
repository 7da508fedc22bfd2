import { buildReferralMessage, checkReferralEligibility } from "@lending/sdk";
import { and, asc, eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Database } from "../db/client";
import { referrals } from "../db/schema";
import { conflict } from "../http/errors";
import { consumeSignature, verifySignedRequest } from "./signatures";

/** Looks up whether a user has deposited, and their deposits (6 decimals), oldest first. */
export type DepositLookup = (chainId: number, user: Address) => Promise<bigint[]>;

async function eligibility(
  db: Database,
  deposits: DepositLookup,
  chainId: number,
  owner: Address,
  referrer: Address,
) {
  const [existing] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.chainId, chainId), eq(referrals.owner, owner)));
  const hasDeposited = existing ? false : (await deposits(chainId, owner)).length > 0;
  return checkReferralEligibility({
    user: owner,
    referrer,
    hasReference: !!existing,
    hasDeposited,
  });
}

/** GET /api/referral: the message to sign, or the rule that refuses it (spec section 8). */
export async function referralMessage(
  db: Database,
  deposits: DepositLookup,
  args: { chainId: number; owner: Address; referrer: Address },
): Promise<{ message: string }> {
  const refusal = await eligibility(db, deposits, args.chainId, args.owner, args.referrer);
  if (refusal) throw conflict(refusal.message, { error: refusal.message });
  return { message: buildReferralMessage(args) };
}

/** POST /api/referral: applies a signed referral. */
export async function applyReferral(
  db: Database,
  deposits: DepositLookup,
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

/**
 * GET /api/referral/userYields. Amounts are integer strings in 6 decimals. The referral yield
 * itself is paid by the protocol's fee sharing, which the contracts do not expose yet: 0 until then.
 */
export async function referralYields(
  db: Database,
  deposits: DepositLookup,
  args: { chainId: number; referrer: Address },
) {
  const rows = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.chainId, args.chainId), eq(referrals.referrer, args.referrer)))
    .orderBy(asc(referrals.createdAt));
  const items = await Promise.all(
    rows.map(async (r) => {
      const d = await deposits(args.chainId, r.owner as Address);
      return { user: r.owner, firstDeposit: (d[0] ?? 0n).toString(), yield: "0" };
    }),
  );
  return {
    totalUserRefferalsCount: rows.length,
    items,
    latestEpochReferralYield: "0",
    lifetimeRefferalYield: "0",
  };
}
