/**
 * Database sessions, one mechanism for the app: a random 256-bit id in an http-only cookie
 * (SameSite=Lax, Secure over https), stored only as its SHA-256, ending after 15 idle minutes
 * (sliding) or 24 hours. Personal data (full KYC record, loan tickets, referred users) is answered
 * only to the session of its owner. Sign-In with Ethereum (./siwe.ts) opens `siwe` sessions; email
 * codes and Google (./accounts.ts) open `email` and `google` sessions of an account, whose
 * `address` is the account's active wallet.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Address } from "viem";
import type { ServerConfig } from "../../config/server";
import type { Executor } from "../db/types";
import { sessions, type SessionKind } from "../db/schema";
import { forbidden, unauthorized } from "../http/errors";

/** A session ends after 15 minutes without a request (sliding) ... */
export const SESSION_IDLE_MS = 15 * 60_000;
/** ... and 24 hours after sign-in at the latest. */
export const SESSION_MAX_MS = 24 * 60 * 60_000;

export const SESSION_COOKIE = "lending_session";
/** Over https the `__Host-` prefix pins the cookie to this host, path / and Secure. */
export const SECURE_SESSION_COOKIE = "__Host-lending_session";

export const NOT_SIGNED_IN_MESSAGE =
  "Sign in with this wallet first (Sign-In with Ethereum, POST /api/auth/siwe)";
export const OTHER_WALLET_MESSAGE =
  "The session belongs to another wallet: sign in with this wallet to read its data";
export const CROSS_SITE_MESSAGE = "Cross-site request refused";

/** Where the site lives: APP_URL, or (local chain only, see config) the request's own origin. */
export type Site = { origin: string; host: string; scheme: "http" | "https"; secure: boolean };

export function siteOf(request: Request, config: Pick<ServerConfig, "appUrl">): Site {
  const url = new URL(config.appUrl ?? new URL(request.url).origin);
  const scheme = url.protocol === "https:" ? "https" : "http";
  return { origin: url.origin, host: url.host, scheme, secure: scheme === "https" };
}

/** A state-changing auth request from another site (its `Origin` names it) is refused. */
export function assertSameOrigin(request: Request, site: Site): void {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== site.origin) throw forbidden(CROSS_SITE_MESSAGE);
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** What a session proves, as GET /api/auth/session answers it. */
export type SessionView = {
  kind: SessionKind;
  address: Address | null;
  chainId: number | null;
  createdAt: string;
  /** when the session ends without another request (idle timeout, sliding) */
  idleExpiresAt: string;
  /** when the session ends at the latest */
  expiresAt: string;
};

type SessionRecord = {
  kind: SessionKind;
  address: string | null;
  chainId: number | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

const toView = (s: SessionRecord): SessionView => ({
  kind: s.kind,
  address: (s.address as Address | null) ?? null,
  chainId: s.chainId,
  createdAt: s.createdAt.toISOString(),
  idleExpiresAt: new Date(
    Math.min(s.lastSeenAt.getTime() + SESSION_IDLE_MS, s.expiresAt.getTime()),
  ).toISOString(),
  expiresAt: s.expiresAt.toISOString(),
});

/**
 * Opens a session once the caller has proved who it is (a verified SIWE message today; a
 * confirmed email or Google sign-in later). The token goes to the cookie; only its hash is stored.
 */
export async function createSession(
  db: Executor,
  args: {
    kind: SessionKind;
    subject: string;
    address?: Address | null;
    chainId?: number | null;
    now?: number;
  },
): Promise<{ token: string; session: SessionView }> {
  const now = args.now ?? Date.now();
  const token = randomBytes(32).toString("hex");
  const row = {
    idHash: sha256(token),
    kind: args.kind,
    subject: args.subject,
    address: (args.address?.toLowerCase() as Address | undefined) ?? null,
    chainId: args.chainId ?? null,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_MAX_MS),
  };
  await db.insert(sessions).values(row);
  return { token, session: toView(row) };
}

// --- Reading and ending sessions ----------------------------------------------------------------

/** The session token of a request's cookie (the name depends on http/https), if well-formed. */
export function sessionToken(request: Request, site: Site): string | undefined {
  const name = site.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (/^[0-9a-f]{64}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * The live session of a request, touched (its idle timeout slides) in the same statement; none
 * when there is no cookie, or the session is unknown, signed out, idle or past 24 hours.
 */
export async function currentSession(
  db: Executor,
  request: Request,
  site: Site,
  now: number = Date.now(),
): Promise<SessionView | undefined> {
  const found = await currentSessionWithSubject(db, request, site, now);
  if (!found) return undefined;
  const { subject: _subject, ...view } = found;
  return view;
}

/** {@link currentSession} with what the session proves (`subject`: an address or `account:{id}`). */
export async function currentSessionWithSubject(
  db: Executor,
  request: Request,
  site: Site,
  now: number = Date.now(),
): Promise<(SessionView & { subject: string }) | undefined> {
  const token = sessionToken(request, site);
  if (!token) return undefined;
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.idHash, sha256(token)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row ? { ...toView(row), subject: row.subject } : undefined;
}

/**
 * Makes the request's live session speak for `address` (an account's active wallet changes);
 * answers the updated session, or undefined when the request has no live session.
 */
export async function setSessionAddress(
  db: Executor,
  request: Request,
  site: Site,
  address: Address | null,
  now: number = Date.now(),
): Promise<SessionView | undefined> {
  const token = sessionToken(request, site);
  if (!token) return undefined;
  const [row] = await db
    .update(sessions)
    .set({ address: address?.toLowerCase() ?? null, lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.idHash, sha256(token)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row ? toView(row) : undefined;
}

/**
 * Personal data of `address` needs that wallet's session: 401 without a session, 403 with the
 * session of another wallet (so data of wallet A never reaches a session of wallet B).
 */
export async function requireWalletSession(
  db: Executor,
  request: Request,
  site: Site,
  address: string,
): Promise<SessionView> {
  const session = await currentSession(db, request, site);
  if (!session?.address) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  if (session.address !== address.toLowerCase()) throw forbidden(OTHER_WALLET_MESSAGE);
  return session;
}

/** Whether the request carries the live session of `address` (for answers with a public part). */
export async function isOwnerSession(
  db: Executor,
  request: Request,
  site: Site,
  address: string,
): Promise<boolean> {
  const session = await currentSession(db, request, site);
  return !!session?.address && session.address === address.toLowerCase();
}

/** Ends the request's session (idempotent). */
export async function signOut(db: Executor, request: Request, site: Site): Promise<void> {
  const token = sessionToken(request, site);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

/** The Set-Cookie value that stores a session token (http-only, SameSite=Lax, Secure on https). */
export function sessionCookie(site: Site, token: string): string {
  const name = site.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const maxAge = Math.floor(SESSION_MAX_MS / 1000);
  return `${name}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${site.secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that deletes the session cookie. */
export function clearedSessionCookie(site: Site): string {
  const name = site.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${site.secure ? "; Secure" : ""}`;
}
