import { randomBytes } from "node:crypto";
import { fill, kyc } from "@lending/sdk";
import { and, asc, eq, gt, inArray, isNotNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import type { Executor } from "../../db/types";
import { accountWallets, kycRecords, kycSessions, type KycStatus } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { KycInfo, KycProvider } from "./types";
import { confirmedEmailOf } from "../../repositories/accounts";

export const LOCAL_KYC_SESSION_MS = 30 * 60_000;

export const KYC_REJECTED_MESSAGE =
  "The identity verification of this wallet was rejected: it cannot be submitted again";
export const ENTITY_MISMATCH_MESSAGE =
  "isIndividual: the entity type must be the one signed in the verification request";

type Row = typeof kycRecords.$inferSelect;

const toInfo = (row: Row): KycInfo => ({
  address: row.address,
  status: row.status,
  entityType: row.entityType,
  fullName: row.fullName,
  email: row.email,
  provider: row.provider,
  identityId: row.identityId ?? undefined,
  reviewReason: row.reviewReason ?? undefined,
});

/**
 * The person a submission verifies (issue 24): the wallet's own identity if it had one, else
 * that of a verified wallet linked to the same account, else that of a record with the same
 * email, else a new one.
 */
async function identityFor(tx: Executor, address: string, email: string | null, own?: Row) {
  if (own?.identityId) return own.identityId;
  const sameAccount = alias(accountWallets, "same_account");
  const [linked] = await tx
    .select({ id: kycRecords.identityId })
    .from(accountWallets)
    .innerJoin(sameAccount, eq(sameAccount.accountId, accountWallets.accountId))
    .innerJoin(kycRecords, eq(kycRecords.address, sameAccount.address))
    .where(and(eq(accountWallets.address, address), isNotNull(kycRecords.identityId)))
    .limit(1);
  if (linked?.id) return linked.id;
  if (email) {
    const [same] = await tx
      .select({ id: kycRecords.identityId })
      .from(kycRecords)
      .where(and(eq(kycRecords.email, email), isNotNull(kycRecords.identityId)))
      .limit(1);
    if (same?.id) return same.id;
  }
  return `local-${randomBytes(16).toString("hex")}`;
}

/**
 * The built-in provider: a widget page (/kyc/local) where the user states who they are, records in
 * `kyc_records`, and a review queue the ops CLI approves or rejects. With `autoApprove` (the local
 * chain's default) a submission is Active at once ("No Email" without an email).
 */
export class LocalKycProvider implements KycProvider {
  readonly name = "local";
  constructor(
    private readonly db: Database,
    private readonly opts: { autoApprove: boolean; now?: () => number } = { autoApprove: false },
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  async getCustomer(address: string): Promise<KycInfo> {
    const a = address.toLowerCase();
    const [row] = await this.db.select().from(kycRecords).where(eq(kycRecords.address, a));
    return row ? toInfo(row) : { address: a, status: "Not started", provider: this.name };
  }

  async startVerification(args: { address: string; isIndividual: boolean }) {
    const token = randomBytes(24).toString("hex");
    await this.db.insert(kycSessions).values({
      token,
      address: args.address.toLowerCase(),
      isIndividual: args.isIndividual,
      expiresAt: new Date(this.now() + LOCAL_KYC_SESSION_MS),
    });
    return { widgetUrl: `/kyc/local?session=${token}`, sessionId: token };
  }

  /** The entity type signed for a live session (true: an individual), or undefined. */
  async sessionEntity(token: string): Promise<boolean | undefined> {
    const [session] = await this.db
      .select({ isIndividual: kycSessions.isIndividual })
      .from(kycSessions)
      .where(and(eq(kycSessions.token, token), gt(kycSessions.expiresAt, new Date(this.now()))));
    return session?.isIndividual;
  }

  /**
   * The widget's submission: the name for the session's wallet, as the entity type signed in the
   * challenge (a different `isIndividual` is a 400). An email typed in the widget is never
   * recorded here (issue 24 item 7): it becomes the lender's only once the code mailed to it is
   * confirmed (POST /api/kyc/local mails it, /api/email-challenge/confirm confirms it). The record
   * starts with the email the lender's account proved at sign-in, if any. A rejected wallet
   * cannot resubmit (403): only the review queue changes a rejection.
   */
  async submit(args: {
    session: string;
    fullName: string;
    email?: string;
    isIndividual?: boolean;
  }) {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(kycSessions)
        .where(
          and(eq(kycSessions.token, args.session), gt(kycSessions.expiresAt, new Date(this.now()))),
        );
      if (!session)
        throw notFound("This verification session is unknown or has expired: start again");
      const [existing] = await tx
        .select()
        .from(kycRecords)
        .where(eq(kycRecords.address, session.address));
      if (existing && (existing.status === "Active" || existing.status === "No Email")) {
        throw badRequest("This wallet is already verified");
      }
      if (existing?.status === "Rejected") {
        // the reason the reviewer gave (the console's review queue) is the lender's to read
        throw forbidden(
          existing.reviewReason
            ? fill(kyc.rejectedWithReason, {
                message: KYC_REJECTED_MESSAGE,
                reason: existing.reviewReason,
              })
            : KYC_REJECTED_MESSAGE,
        );
      }
      if (args.isIndividual !== undefined && args.isIndividual !== session.isIndividual) {
        throw badRequest(ENTITY_MISMATCH_MESSAGE);
      }
      // an email or Google user's wallet starts with the account's confirmed email; else none
      // (the widget's `email` is unconfirmed: never recorded, see above)
      const email = (await confirmedEmailOf(tx, session.address)) || null;
      const status: KycStatus = this.opts.autoApprove
        ? email
          ? "Active"
          : "No Email"
        : "To be reviewed";
      const values = {
        address: session.address,
        status,
        entityType: session.isIndividual ? "individual" : "business",
        fullName: args.fullName.trim(),
        email,
        provider: this.name,
        identityId: await identityFor(tx, session.address, email, existing),
        updatedAt: new Date(this.now()),
      } as const;
      const [row] = await tx
        .insert(kycRecords)
        .values(values)
        .onConflictDoUpdate({ target: kycRecords.address, set: values })
        .returning();
      await tx.delete(kycSessions).where(eq(kycSessions.token, args.session));
      return toInfo(row!);
    });
  }

  async updateEmail(address: string, email: string, db: Executor = this.db): Promise<KycInfo> {
    const a = address.toLowerCase();
    const [row] = await db.select().from(kycRecords).where(eq(kycRecords.address, a));
    if (!row) throw notFound("This wallet has no identity verification");
    const status: KycStatus = row.status === "No Email" ? "Active" : row.status;
    const confirmed = email.trim().toLowerCase();
    // A confirmed email names the person: a wallet confirming the email of another verified
    // wallet is the same person (one identity, for the referral rules).
    const [same] = await db
      .select({ id: kycRecords.identityId })
      .from(kycRecords)
      .where(
        and(
          eq(kycRecords.email, confirmed),
          isNotNull(kycRecords.identityId),
          ne(kycRecords.address, a),
        ),
      )
      .limit(1);
    const [updated] = await db
      .update(kycRecords)
      .set({
        email: confirmed,
        status,
        updatedAt: new Date(this.now()),
        ...(same?.id ? { identityId: same.id } : {}),
      })
      .where(eq(kycRecords.address, a))
      .returning();
    return toInfo(updated!);
  }

  /** Review queue and decisions: services/manage/kyc-review.ts (the console and the ops CLI). */
  async list(statuses?: KycStatus[]): Promise<KycInfo[]> {
    const q = this.db.select().from(kycRecords);
    const rows = statuses?.length
      ? await q.where(inArray(kycRecords.status, statuses)).orderBy(asc(kycRecords.createdAt))
      : await q.orderBy(asc(kycRecords.createdAt));
    return rows.map(toInfo);
  }

  async review(
    address: string,
    decision: "approve" | "reject",
    reason: string | null = null,
  ): Promise<KycInfo> {
    const a = address.toLowerCase();
    const [row] = await this.db.select().from(kycRecords).where(eq(kycRecords.address, a));
    if (!row) throw notFound(`No identity verification for ${a}`);
    const status: KycStatus =
      decision === "reject" ? "Rejected" : row.email ? "Active" : "No Email";
    const [updated] = await this.db
      .update(kycRecords)
      .set({ status, reviewReason: reason, updatedAt: new Date(this.now()) })
      .where(eq(kycRecords.address, a))
      .returning();
    return toInfo(updated!);
  }
}
