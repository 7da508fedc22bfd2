import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  buildEmailChallengeMessage,
  buildEmailConfirmationMessage,
  normalizeEmail,
} from "@lending/sdk";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import { emailCodes } from "../db/schema";
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from "../http/errors";
import type { KycInfo, KycProvider } from "./kyc/types";
import { Mailer } from "./mail";
import { enforceRateLimit, renamed429, type RateLimitRule } from "./rate-limit";
import { consumeSignature, releaseSignature, verifySignedRequest } from "./signatures";

/** A code is valid for 10 minutes. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** The 5th wrong code voids it. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/**
 * At most 3 codes per wallet in 15 minutes (so at most 3 per wallet and email address pair).
 */
export const EMAIL_CODE_LIMIT = { count: 3, windowMs: 15 * 60_000 };
/**
 * At most 10 codes per email address in an hour from all wallets together, but a wallet's first
 * {@link EMAIL_CODE_LIMIT} codes of the hour for the address are served anyway: other wallets
 * filling the cap never block the owner's change (issue 24, item 8).
 */
export const EMAIL_CODE_ADDRESS_LIMIT = { count: 10, windowMs: 60 * 60_000 };
/**
 * One IP makes the server mail at most 30 confirmation codes an hour, any wallets (each wallet
 * needs a signature and an identity verification already; a lender's browser asks a few).
 */
export const EMAIL_CODE_IP_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
export const TOO_MANY_CODES_FROM_IP = "Too many confirmation codes asked from this network";

export const NO_VERIFICATION_MESSAGE = "This wallet has no identity verification";
export const MAIL_FAILED_MESSAGE = "The confirmation email could not be sent: try again later";
export const NO_CODE_MESSAGE = "No confirmation code is pending for this email: ask for a new one";
export const CODE_EXPIRED_MESSAGE = "This confirmation code has expired: ask for a new one";
export const CODE_VOID_MESSAGE = "Too many wrong codes: this code is void, ask for a new one";

type Mail = { smtpUrl?: string; from: string };

function hashCode(salt: string, address: string, email: string, code: string): string {
  return createHash("sha256").update(`${salt}:${address}:${email}:${code}`).digest("hex");
}

function codeMatches(stored: string, address: string, email: string, code: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const given = Buffer.from(hashCode(salt, address, email, code), "hex");
  const expected = Buffer.from(hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Serialises code requests of one key (wallet or email) until the transaction ends. */
async function lockKey(tx: Executor, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** 429 (with Retry-After) when `column = value` already has `rule.count` codes in the window. */
async function enforceCodeLimit(
  tx: Executor,
  column: typeof emailCodes.address | typeof emailCodes.email,
  value: string,
  rule: { count: number; windowMs: number },
  now: number,
) {
  const since = new Date(now - rule.windowMs);
  const recent = await tx
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(column, value), gt(emailCodes.createdAt, since)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(rule.count);
  if (recent.length < rule.count) return;
  const oldest = recent[recent.length - 1]!.createdAt.getTime();
  throw tooManyRequests(
    (oldest + rule.windowMs - now) / 1000,
    "Too many confirmation codes for this address",
  );
}

/**
 * Step 1 (POST /api/email-challenge): the wallet signs `buildEmailChallengeMessage`; a 6-digit
 * code is mailed to the new address. The email itself is not changed. The code (hashed), the
 * signature's use and the outbox row are committed first, then the mail is sent (no transaction
 * waits on the SMTP relay); a failed send deletes them again, so nothing is left changed and the
 * same signed request can be retried.
 *
 * @throws {HttpError} 401 bad or stale signature, 404 no verification for the wallet, 409 the
 *   signature was already used, 429 a 4th code for the wallet in 15 minutes, an 11th for the
 *   email address in an hour (never a wallet's first 3 for it), a 31st from the IP in an hour,
 *   503 the mail could not be sent.
 */
export async function requestEmailCode(
  db: Database,
  kyc: KycProvider,
  args: {
    chainId: number;
    address: Address;
    email: string;
    signature: Hex;
    timestamp: number;
    appName: string;
    mail: Mail;
    /** the requester's rate-limit bucket (clientIp) */
    ip?: string;
    now?: number;
  },
): Promise<{ address: string; email: string; expiresAt: string }> {
  const now = args.now ?? Date.now();
  const address = args.address.toLowerCase() as Address;
  const email = normalizeEmail(args.email);
  const message = buildEmailChallengeMessage({ ...args, email });
  // the address is counted against its rate limit once its signature is verified
  await verifySignedRequest(db, {
    address: args.address,
    message,
    signature: args.signature,
    timestamp: args.timestamp,
    now,
  });
  const customer = await kyc.getCustomer(address);
  if (customer.status === "Not started") throw notFound(NO_VERIFICATION_MESSAGE);
  return issueEmailCode(db, { ...args, address, email, now, signed: message });
}

/**
 * Mails a confirmation code for `email` to a wallet whose request is already authorised: a
 * signed email challenge (`signed`, its message consumed with the code) or the local KYC widget's
 * session (issue 24 item 7: the email the widget takes stays unconfirmed until this code is
 * confirmed). Counted like every code: per wallet, per email address, per requesting IP.
 *
 * @throws {HttpError} 429 over a limit, 503 the mail could not be sent (nothing left written).
 */
export async function issueEmailCode(
  db: Database,
  args: {
    address: Address;
    email: string;
    appName: string;
    mail: Mail;
    ip?: string;
    now: number;
    /** the signed challenge's message, consumed with the code (released if the mail fails) */
    signed?: string;
  },
): Promise<{ address: string; email: string; expiresAt: string }> {
  const { address, email, now, signed: message } = args;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("hex");
  const expiresAt = new Date(now + EMAIL_CODE_TTL_MS);
  const mailer = new Mailer(args.mail);
  const mail = {
    to: email,
    subject: `${args.appName}: your confirmation code`,
    text:
      `Your confirmation code is ${code}. It is valid for 10 minutes.\n\n` +
      `Enter it to make ${email} the email address of the wallet ${address}. ` +
      `If you did not ask for it, ignore this message: nothing changes.\n\n` +
      `Notifications (such as loan ticket decisions) will come from ${args.mail.from}.`,
  };
  const written = await db.transaction(async (tx) => {
    // the wallet's lock first, then the email's: one order, no deadlock
    await lockKey(tx, `email-code:wallet:${address}`);
    await lockKey(tx, `email-code:email:${email}`);
    await enforceCodeLimit(tx, emailCodes.address, address, EMAIL_CODE_LIMIT, now);
    const [{ mine } = { mine: 0 }] = await tx
      .select({ mine: sql<number>`count(*)::int` })
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.address, address),
          eq(emailCodes.email, email),
          gt(emailCodes.createdAt, new Date(now - EMAIL_CODE_ADDRESS_LIMIT.windowMs)),
        ),
      );
    if (mine >= EMAIL_CODE_LIMIT.count) {
      await enforceCodeLimit(tx, emailCodes.email, email, EMAIL_CODE_ADDRESS_LIMIT, now);
    }
    if (args.ip !== undefined) {
      await enforceRateLimit(tx, [`email-code:ip:${args.ip}`], EMAIL_CODE_IP_LIMIT, now).catch(
        renamed429(TOO_MANY_CODES_FROM_IP),
      );
    }
    const [row] = await tx
      .insert(emailCodes)
      .values({
        address,
        email,
        codeHash: `${salt}:${hashCode(salt, address, email, code)}`,
        expiresAt,
        createdAt: new Date(now),
      })
      .returning({ id: emailCodes.id });
    if (message) await consumeSignature(tx, { address, message, purpose: "email-challenge" });
    return { codeId: row!.id, mailId: await mailer.record(tx, mail) };
  });
  try {
    await mailer.deliver(mail);
  } catch (error) {
    console.error("[email-challenge] mail failed:", error);
    // undo the committed code, outbox row and signature use: the request changed nothing
    await db.transaction(async (tx) => {
      await tx.delete(emailCodes).where(eq(emailCodes.id, written.codeId));
      await mailer.discard(tx, written.mailId);
      if (message) await releaseSignature(tx, { address, message, purpose: "email-challenge" });
    });
    throw new HttpError(503, MAIL_FAILED_MESSAGE);
  }
  // the new code replaces the wallet's pending ones (confirming reads only the newest anyway)
  await db
    .update(emailCodes)
    .set({ expiresAt: new Date(now) })
    .where(
      and(
        eq(emailCodes.address, address),
        isNull(emailCodes.confirmedAt),
        gt(emailCodes.expiresAt, new Date(now)),
        lt(emailCodes.id, written.codeId),
      ),
    );
  return { address, email, expiresAt: expiresAt.toISOString() };
}

/**
 * Step 2 (POST /api/email-challenge/confirm): the wallet signs `buildEmailConfirmationMessage`
 * and sends the mailed code. A wrong code counts one try (the 5th voids the code) and consumes
 * nothing else; the right one sets the email (No Email becomes Active), marks the code used and
 * consumes the signature in one transaction. Answers the KYC info.
 *
 * @throws {HttpError} 400 wrong code, 401 bad or stale signature, 404 no pending code for this
 *   email, 409 signature or code already used, 410 the code expired or is void.
 */
export async function confirmEmailCode(
  db: Database,
  kyc: KycProvider,
  args: {
    chainId: number;
    address: Address;
    email: string;
    code: string;
    signature: Hex;
    timestamp: number;
    now?: number;
  },
): Promise<KycInfo> {
  const now = args.now ?? Date.now();
  const address = args.address.toLowerCase() as Address;
  const email = normalizeEmail(args.email);
  const message = buildEmailConfirmationMessage({ ...args, email });
  await verifySignedRequest(db, {
    address: args.address,
    message,
    signature: args.signature,
    timestamp: args.timestamp,
    now,
  });
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.address, address), isNull(emailCodes.confirmedAt)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row || row.email !== email) throw notFound(NO_CODE_MESSAGE);
  if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw new HttpError(410, CODE_VOID_MESSAGE);
  if (row.expiresAt.getTime() <= now) throw new HttpError(410, CODE_EXPIRED_MESSAGE);
  if (!codeMatches(row.codeHash, address, email, args.code)) {
    const [counted] = await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: emailCodes.attempts });
    const left = EMAIL_CODE_MAX_ATTEMPTS - (counted?.attempts ?? EMAIL_CODE_MAX_ATTEMPTS);
    if (left <= 0) throw new HttpError(410, CODE_VOID_MESSAGE);
    throw badRequest(`Wrong confirmation code: ${left} ${left === 1 ? "try" : "tries"} left`);
  }
  return db.transaction(async (tx) => {
    const used = await tx
      .update(emailCodes)
      .set({ confirmedAt: new Date(now) })
      .where(
        and(
          eq(emailCodes.id, row.id),
          isNull(emailCodes.confirmedAt),
          lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
          gt(emailCodes.expiresAt, new Date(now)),
        ),
      )
      .returning({ id: emailCodes.id });
    if (used.length === 0) throw conflict("This confirmation code was already used");
    await consumeSignature(tx, { address, message, purpose: "email-confirm" });
    // last: the provider's write (an HTTP call for Compilot) is the one step not rolled back
    return kyc.updateEmail(address, email, tx);
  });
}
