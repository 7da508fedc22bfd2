/**
 * Sign-in by email (spec section 1: "sign in by google or email"): a 6-digit one-time code is
 * mailed to the address; the code opens an account session (./accounts.ts). Every limit counts
 * the requester (its IP) so a stranger can neither lock the owner out nor flood a mailbox
 * (issue 24, item 2; docs/security.md):
 * - a code is valid for 10 minutes and used once; asking for a new code does not void the
 *   pending ones (a stranger's request cannot cancel the code the owner is typing): any of the
 *   address's {@link LOGIN_LIVE_CODES} newest live codes signs in, and signing in ends them all;
 * - wrong guesses never void a code: they are counted per (IP, address), 5 in 15 minutes, and
 *   per IP, 30 in an hour and 100 in a day over all addresses (429 with Retry-After);
 * - codes: one IP asks at most once a minute, 3 times in 15 minutes and 10 times a day for one
 *   address (codes that signed in do not count: they were the owner's), and 20 times an hour over all addresses; an address gets at most 20 codes an hour,
 *   except that an IP's first 3 codes of the hour for it are always served (whoever fills the
 *   cap, the owner still gets a code); the server mails at most 2,000 codes an hour in all;
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
import { enforceRateLimit, renamed429, type RateLimitRule } from "./rate-limit";

/** A sign-in code is valid for 10 minutes. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** Any of the address's 5 newest live codes signs in (older ones end when newer ones come). */
export const LOGIN_LIVE_CODES = 5;
/** One IP asks for a code for one address at most once a minute ... */
export const LOGIN_CODE_MIN_INTERVAL_MS = 60_000;
/** ... at most 3 times in 15 minutes ... */
export const LOGIN_CODE_LIMIT = { count: 3, windowMs: 15 * 60_000 };
/** ... and 10 times a day. */
export const LOGIN_CODE_DAILY_LIMIT = { count: 10, windowMs: 24 * 60 * 60_000 };
/**
 * An address gets at most 20 codes an hour from all IPs together, but an IP's first
 * {@link LOGIN_CODE_OWNER_SHARE} codes of the hour for it are served anyway: strangers filling
 * the cap never lock the owner out.
 */
export const LOGIN_CODE_ADDRESS_LIMIT = { count: 20, windowMs: 60 * 60_000 };
export const LOGIN_CODE_OWNER_SHARE = 3;
/** One IP makes the server mail at most 20 sign-in codes an hour (480 a day), any addresses. */
export const LOGIN_CODE_IP_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };
/** The server mails at most 2,000 sign-in codes an hour in all (the relay's reputation). */
export const LOGIN_CODE_GLOBAL_LIMIT: RateLimitRule = { limit: 2_000, windowMs: 60 * 60_000 };
/** Tries of a code (right or wrong) per IP and address: 5 in 15 minutes. */
export const LOGIN_GUESS_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** Tries per IP over all addresses: 30 an hour ... */
export const LOGIN_GUESS_IP_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
/** ... and 100 a UTC day. */
export const LOGIN_GUESS_IP_DAILY_LIMIT: RateLimitRule = { limit: 100, windowMs: 86_400_000 };
/** Sign-in code rows older than this are deleted when a new code is asked for. */
export const LOGIN_CODE_KEEP_MS = 2 * 24 * 60 * 60_000;

export const LOGIN_MAIL_FAILED_MESSAGE = "The sign-in email could not be sent: try again later";
export const NO_LOGIN_CODE_MESSAGE = "No sign-in code is pending for this email: ask for a new one";
export const LOGIN_CODE_EXPIRED_MESSAGE = "This sign-in code has expired: ask for a new one";
export const TOO_MANY_GUESSES_MESSAGE = "Too many sign-in code tries from this network: wait";
export const LOGIN_CODE_USED_MESSAGE = "This sign-in code was already used: ask for a new one";
export const TOO_MANY_LOGIN_CODES = "Too many sign-in codes for this email";
export const LOGIN_CODE_TOO_SOON = "A sign-in code was just sent to this email: wait a minute";
export const TOO_MANY_LOGIN_CODES_FROM_IP = "Too many sign-in codes asked from this network";

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

/**
 * The code limits of one request (inside the address's lock): per (IP, address), per address
 * with the first-request exception, then per IP and globally (counters in `rate_limits`).
 */
async function enforceLoginCodeLimits(tx: Executor, email: string, ip: string, now: number) {
  const day = new Date(now - LOGIN_CODE_DAILY_LIMIT.windowMs);
  const mine = await tx
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    // a code that signed in was the owner's: only unused ones count against the requester
    .where(
      and(
        eq(loginCodes.email, email),
        eq(loginCodes.ip, ip),
        isNull(loginCodes.usedAt),
        gt(loginCodes.createdAt, day),
      ),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(LOGIN_CODE_DAILY_LIMIT.count);
  const times = mine.map((r) => r.createdAt.getTime());
  const newest = times[0];
  if (newest !== undefined && now - newest < LOGIN_CODE_MIN_INTERVAL_MS) {
    throw tooManyRequests((newest + LOGIN_CODE_MIN_INTERVAL_MS - now) / 1000, LOGIN_CODE_TOO_SOON);
  }
  for (const rule of [LOGIN_CODE_LIMIT, LOGIN_CODE_DAILY_LIMIT]) {
    const inWindow = times.filter((t) => t > now - rule.windowMs);
    if (inWindow.length >= rule.count) {
      const oldest = inWindow[rule.count - 1]!;
      throw tooManyRequests((oldest + rule.windowMs - now) / 1000, TOO_MANY_LOGIN_CODES);
    }
  }
  // the address's hourly cap never refuses an IP's first 3 codes of the hour (the owner's)
  const askedThisHour = times.filter((t) => t > now - LOGIN_CODE_ADDRESS_LIMIT.windowMs).length;
  if (askedThisHour >= LOGIN_CODE_OWNER_SHARE) {
    const recent = await tx
      .select({ createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(
        and(
          eq(loginCodes.email, email),
          gt(loginCodes.createdAt, new Date(now - LOGIN_CODE_ADDRESS_LIMIT.windowMs)),
        ),
      )
      .orderBy(desc(loginCodes.createdAt))
      .limit(LOGIN_CODE_ADDRESS_LIMIT.count);
    if (recent.length >= LOGIN_CODE_ADDRESS_LIMIT.count) {
      const oldest = recent[recent.length - 1]!.createdAt.getTime();
      throw tooManyRequests(
        (oldest + LOGIN_CODE_ADDRESS_LIMIT.windowMs - now) / 1000,
        TOO_MANY_LOGIN_CODES,
      );
    }
  }
  await enforceRateLimit(tx, [`login-code:ip:${ip}`], LOGIN_CODE_IP_LIMIT, now).catch(
    renamed429(TOO_MANY_LOGIN_CODES_FROM_IP),
  );
  await enforceRateLimit(tx, ["login-code:all"], LOGIN_CODE_GLOBAL_LIMIT, now);
}

/**
 * Mails a new sign-in code to `email` (the address's pending codes stay valid). The code row
 * and the outbox row are committed first, then the mail is sent; a failed send deletes both
 * (503), so nothing is left changed.
 *
 * @throws {HttpError} 429 over a limit (see the file comment), 503 the mail failed.
 */
export async function requestLoginCode(
  db: Database,
  args: {
    email: string;
    /** the requester's rate-limit bucket (clientIp) */
    ip: string;
    appName: string;
    mail: { smtpUrl?: string; from: string };
    now?: number;
  },
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
    await enforceLoginCodeLimits(tx, email, args.ip, now);
    const [row] = await tx
      .insert(loginCodes)
      .values({
        email,
        codeHash: `${salt}:${hashCode(salt, email, code)}`,
        expiresAt,
        ip: args.ip,
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
  // rows past every window are kept no longer (they hold the requester's IP)
  await db.delete(loginCodes).where(lt(loginCodes.createdAt, new Date(now - LOGIN_CODE_KEEP_MS)));
  return { email, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a sign-in code against the address's {@link LOGIN_LIVE_CODES} newest live codes and
 * uses it up (once, whatever the concurrency): signing in ends every pending code of the
 * address. Each try counts against the requester's IP (per address and overall), never against
 * the code: a stranger's guesses cannot void the owner's code. Answers the normalised email.
 *
 * @throws {HttpError} 400 wrong code (tries left in the message), 404 no code pending, 409 used,
 *   410 expired, 429 too many tries from this IP.
 */
export async function verifyLoginCode(
  db: Database,
  args: { email: string; code: string; ip: string; now?: number },
): Promise<string> {
  const now = args.now ?? Date.now();
  const email = normalizeEmail(args.email);
  const [perAddress] = await enforceRateLimit(
    db,
    [`login-guess:${args.ip}:${email}`],
    LOGIN_GUESS_LIMIT,
    now,
  ).catch(renamed429(TOO_MANY_GUESSES_MESSAGE));
  await enforceRateLimit(db, [`login-guess:ip:${args.ip}`], LOGIN_GUESS_IP_LIMIT, now).catch(
    renamed429(TOO_MANY_GUESSES_MESSAGE),
  );
  await enforceRateLimit(
    db,
    [`login-guess-day:ip:${args.ip}`],
    LOGIN_GUESS_IP_DAILY_LIMIT,
    now,
  ).catch(renamed429(TOO_MANY_GUESSES_MESSAGE));
  const rows = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.email, email))
    .orderBy(desc(loginCodes.id))
    .limit(LOGIN_LIVE_CODES);
  if (rows.length === 0) throw notFound(NO_LOGIN_CODE_MESSAGE);
  const match = rows.find((row) => codeMatches(row.codeHash, email, args.code));
  if (!match) {
    const live = rows.some((row) => !row.usedAt && row.expiresAt.getTime() > now);
    if (!live) {
      if (rows[0]!.usedAt) throw conflict(LOGIN_CODE_USED_MESSAGE);
      throw new HttpError(410, LOGIN_CODE_EXPIRED_MESSAGE);
    }
    await db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(eq(loginCodes.id, rows[0]!.id));
    const left = Math.max(0, LOGIN_GUESS_LIMIT.limit - (perAddress ?? LOGIN_GUESS_LIMIT.limit));
    throw badRequest(`Wrong sign-in code: ${left} ${left === 1 ? "try" : "tries"} left`);
  }
  if (match.usedAt) throw conflict(LOGIN_CODE_USED_MESSAGE);
  if (match.expiresAt.getTime() <= now) throw new HttpError(410, LOGIN_CODE_EXPIRED_MESSAGE);
  return db.transaction(async (tx) => {
    const used = await tx
      .update(loginCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(loginCodes.id, match.id),
          isNull(loginCodes.usedAt),
          gt(loginCodes.expiresAt, new Date(now)),
        ),
      )
      .returning({ id: loginCodes.id });
    if (used.length === 0) throw conflict(LOGIN_CODE_USED_MESSAGE);
    // the other pending codes of the address end with this sign-in
    await tx
      .update(loginCodes)
      .set({ expiresAt: new Date(now) })
      .where(
        and(
          eq(loginCodes.email, email),
          isNull(loginCodes.usedAt),
          gt(loginCodes.expiresAt, new Date(now)),
        ),
      );
    return email;
  });
}
