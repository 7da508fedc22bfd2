/**
 * Sign-in by email (spec section 1: "sign in by google or email"): a 6-digit one-time code is
 * mailed to the address; the code opens an account session (./accounts.ts). Rules:
 * - a code is valid for 10 minutes and used once;
 * - the 5th wrong code voids it (a new one must be asked for);
 * - at most 3 codes per address in 15 minutes, and 12 in a day (429 with Retry-After);
 * - the answer to a code request is the same whether or not the address has an account.
 * Codes are stored only as a salted SHA-256; comparisons are constant-time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { normalizeEmail } from "@lending/sdk";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import { loginCodes } from "../db/schema";
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from "../http/errors";
import { Mailer } from "./mail";

/** A sign-in code is valid for 10 minutes. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** The 5th wrong code voids it. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** At most 3 codes per email address in 15 minutes. */
export const LOGIN_CODE_LIMIT = { count: 3, windowMs: 15 * 60_000 };
/**
 * And at most 12 in a day: 60 guesses a day against one address at the most (the 15-minute rule
 * alone would allow 1,440).
 */
export const LOGIN_CODE_DAILY_LIMIT = { count: 12, windowMs: 24 * 60 * 60_000 };

export const LOGIN_MAIL_FAILED_MESSAGE = "The sign-in email could not be sent: try again later";
export const NO_LOGIN_CODE_MESSAGE = "No sign-in code is pending for this email: ask for a new one";
export const LOGIN_CODE_EXPIRED_MESSAGE = "This sign-in code has expired: ask for a new one";
export const LOGIN_CODE_VOID_MESSAGE = "Too many wrong codes: this code is void, ask for a new one";
export const LOGIN_CODE_USED_MESSAGE = "This sign-in code was already used: ask for a new one";
export const TOO_MANY_LOGIN_CODES = "Too many sign-in codes for this email";

function hashCode(salt: string, email: string, code: string): string {
  return createHash("sha256").update(`${salt}:login:${email}:${code}`).digest("hex");
}

function codeMatches(stored: string, email: string, code: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const given = Buffer.from(hashCode(salt, email, code), "hex");
  const expected = Buffer.from(hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function enforceLoginCodeLimit(
  tx: Executor,
  email: string,
  rule: { count: number; windowMs: number },
  now: number,
) {
  const since = new Date(now - rule.windowMs);
  const recent = await tx
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(rule.count);
  if (recent.length < rule.count) return;
  const oldest = recent[recent.length - 1]!.createdAt.getTime();
  throw tooManyRequests((oldest + rule.windowMs - now) / 1000, TOO_MANY_LOGIN_CODES);
}

/**
 * Mails a new sign-in code to `email` (earlier pending codes of the address end). The code row
 * and the outbox row are committed first, then the mail is sent; a failed send deletes both
 * (503), so nothing is left changed.
 *
 * @throws {HttpError} 429 a 4th code for the address in 15 minutes or a 13th in a day, 503 the
 *   mail failed.
 */
export async function requestLoginCode(
  db: Database,
  args: { email: string; appName: string; mail: { smtpUrl?: string; from: string }; now?: number },
): Promise<{ email: string; expiresAt: string }> {
  const now = args.now ?? Date.now();
  const email = normalizeEmail(args.email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("hex");
  const expiresAt = new Date(now + LOGIN_CODE_TTL_MS);
  const mailer = new Mailer(args.mail);
  const mail = {
    to: email,
    subject: `${args.appName}: your sign-in code`,
    text:
      `Your sign-in code is ${code}. It is valid for 10 minutes.\n\n` +
      `Enter it to sign in to ${args.appName} as ${email}. If you did not ask for it, ignore ` +
      `this message: nobody can sign in without the code.\n\n` +
      `Notifications will come from ${args.mail.from}.`,
  };
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-code:${email}`}))`);
    await enforceLoginCodeLimit(tx, email, LOGIN_CODE_LIMIT, now);
    await enforceLoginCodeLimit(tx, email, LOGIN_CODE_DAILY_LIMIT, now);
    const [row] = await tx
      .insert(loginCodes)
      .values({
        email,
        codeHash: `${salt}:${hashCode(salt, email, code)}`,
        expiresAt,
        createdAt: new Date(now),
      })
      .returning({ id: loginCodes.id });
    return { codeId: row!.id, mailId: await mailer.record(tx, mail) };
  });
  try {
    await mailer.deliver(mail);
  } catch (error) {
    console.error("[email-login] mail failed:", error);
    await db.transaction(async (tx) => {
      await tx.delete(loginCodes).where(eq(loginCodes.id, written.codeId));
      await mailer.discard(tx, written.mailId);
    });
    throw new HttpError(503, LOGIN_MAIL_FAILED_MESSAGE);
  }
  // the newest code replaces the address's pending ones
  await db
    .update(loginCodes)
    .set({ expiresAt: new Date(now) })
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date(now)),
        lt(loginCodes.id, written.codeId),
      ),
    );
  return { email, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a sign-in code and uses it up (once, whatever the concurrency). Answers the normalised
 * email address the code proves.
 *
 * @throws {HttpError} 400 wrong code (tries left in the message), 404 no code pending, 409 used,
 *   410 expired or void (5 wrong tries).
 */
export async function verifyLoginCode(
  db: Database,
  args: { email: string; code: string; now?: number },
): Promise<string> {
  const now = args.now ?? Date.now();
  const email = normalizeEmail(args.email);
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.email, email))
    .orderBy(desc(loginCodes.id))
    .limit(1);
  if (!row) throw notFound(NO_LOGIN_CODE_MESSAGE);
  if (row.usedAt) throw conflict(LOGIN_CODE_USED_MESSAGE);
  if (row.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw new HttpError(410, LOGIN_CODE_VOID_MESSAGE);
  if (row.expiresAt.getTime() <= now) throw new HttpError(410, LOGIN_CODE_EXPIRED_MESSAGE);
  if (!codeMatches(row.codeHash, email, args.code)) {
    const [counted] = await db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(and(eq(loginCodes.id, row.id), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: loginCodes.attempts });
    const left = LOGIN_CODE_MAX_ATTEMPTS - (counted?.attempts ?? LOGIN_CODE_MAX_ATTEMPTS);
    if (left <= 0) throw new HttpError(410, LOGIN_CODE_VOID_MESSAGE);
    throw badRequest(`Wrong sign-in code: ${left} ${left === 1 ? "try" : "tries"} left`);
  }
  const used = await db
    .update(loginCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(loginCodes.id, row.id),
        isNull(loginCodes.usedAt),
        lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
        gt(loginCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ id: loginCodes.id });
  if (used.length === 0) throw conflict(LOGIN_CODE_USED_MESSAGE);
  return email;
}
