/**
 * One session mechanism for the app: a Sign-In with Ethereum (EIP-4361) message, signed by the
 * wallet over a server-issued single-use nonce, opens a database session whose random id lives in
 * an http-only cookie. Personal data (full KYC record, loan tickets, referred users) is answered
 * only to the session of its owner. Email and Google sign-in will open the same sessions with
 * another `kind`.
 */
import { createHash, randomBytes } from "node:crypto";
import { isFreshSignatureTimestamp } from "@lending/sdk";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { getAddress, type Address, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import type { ServerConfig } from "@/config/server";
import type { Executor } from "../db/types";
import { authNonces, sessions, type SessionKind } from "../db/schema";
import { badRequest, conflict, forbidden, unauthorized } from "../http/errors";
import { verifySignedMessage } from "./signatures";

/** A session ends after 15 minutes without a request (sliding) ... */
export const SESSION_IDLE_MS = 15 * 60_000;
/** ... and 24 hours after sign-in at the latest. */
export const SESSION_MAX_MS = 24 * 60 * 60_000;
/** A nonce must be signed and sent back within 5 minutes. */
export const NONCE_TTL_MS = 5 * 60_000;

export const SESSION_COOKIE = "lending_session";
/** Over https the `__Host-` prefix pins the cookie to this host, path / and Secure. */
export const SECURE_SESSION_COOKIE = "__Host-lending_session";

export const SIWE_MALFORMED_MESSAGE =
  "message: not a Sign-In with Ethereum (EIP-4361) message (build it with createSiweMessage)";
export const SIWE_STALE_MESSAGE =
  "Sign-in message was issued more than 5 minutes ago or in the future: sign in again";
export const SIWE_UNKNOWN_NONCE_MESSAGE = "Unknown or expired sign-in nonce: request a new one";
export const SIWE_USED_NONCE_MESSAGE = "Sign-in nonce already used: request a new one";
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

// --- Nonces -------------------------------------------------------------------------------------

/** Issues a single-use nonce (128 random bits, 32 hex characters) valid for 5 minutes. */
export async function issueNonce(
  db: Executor,
  now: number = Date.now(),
): Promise<{ nonce: string; expiresAt: string }> {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = new Date(now + NONCE_TTL_MS);
  await db.insert(authNonces).values({ nonce, createdAt: new Date(now), expiresAt });
  // Expired nonces and sessions are useless: a cheap sweep now and then keeps the tables small.
  if (Math.random() < 0.02) await pruneAuthTables(db, now);
  return { nonce, expiresAt: expiresAt.toISOString() };
}

/** Deletes nonces and sessions that ended more than a day ago. */
export async function pruneAuthTables(db: Executor, now: number = Date.now()): Promise<void> {
  const dayAgo = new Date(now - 86_400_000);
  await db.delete(authNonces).where(lt(authNonces.expiresAt, dayAgo));
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, dayAgo),
        lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS - 86_400_000)),
      ),
    );
}

// --- Sign-in ------------------------------------------------------------------------------------

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
 * Parses a SIWE message strictly: every required field present and the text exactly what
 * `createSiweMessage` builds from its fields (no extra lines, checksummed address, ISO times).
 */
function parseStrict(message: string) {
  const m = parseSiweMessage(message);
  if (!m.address || !m.domain || !m.uri || !m.nonce || m.version !== "1") {
    throw badRequest(SIWE_MALFORMED_MESSAGE);
  }
  if (m.chainId === undefined || !m.issuedAt || Number.isNaN(m.issuedAt.getTime())) {
    throw badRequest(SIWE_MALFORMED_MESSAGE);
  }
  let rebuilt: string;
  try {
    rebuilt = createSiweMessage({
      ...m,
      address: m.address,
      chainId: m.chainId,
      domain: m.domain,
      nonce: m.nonce,
      uri: m.uri,
      version: "1",
    });
  } catch {
    throw badRequest(SIWE_MALFORMED_MESSAGE);
  }
  if (rebuilt !== message) throw badRequest(SIWE_MALFORMED_MESSAGE);
  return {
    ...m,
    address: getAddress(m.address),
    chainId: m.chainId,
    domain: m.domain,
    issuedAt: m.issuedAt,
    nonce: m.nonce,
    uri: m.uri,
  };
}

/**
 * Checks a signed SIWE message against this server (domain, URI, chain, freshness, nonce,
 * signature) and opens a session for its address. The nonce is consumed in the transaction that
 * creates the session; a request that fails writes nothing.
 *
 * @returns the cookie token (shown once, stored hashed) and the session.
 * @throws {HttpError} 400 malformed, 401 wrong site/chain/stale/unknown nonce/bad signature,
 *   409 nonce already used.
 */
export async function signInWithEthereum(
  db: Executor,
  args: {
    message: string;
    signature: Hex;
    site: Site;
    chainId: number;
    /** runs after the signature is verified (the per-address rate limit) */
    afterVerify?: (address: Address) => Promise<void>;
    now?: number;
  },
): Promise<{ token: string; session: SessionView }> {
  const now = args.now ?? Date.now();
  const m = parseStrict(args.message);
  if (m.domain !== args.site.host) {
    throw unauthorized(`Sign-in message is for ${m.domain}, not ${args.site.host}`);
  }
  if (m.scheme !== undefined && m.scheme !== args.site.scheme) {
    throw unauthorized(`Sign-in message is for ${m.scheme}://, not ${args.site.scheme}://`);
  }
  let uriOrigin: string | undefined;
  try {
    uriOrigin = new URL(m.uri).origin;
  } catch {
    uriOrigin = undefined;
  }
  if (uriOrigin !== args.site.origin) {
    throw unauthorized(`Sign-in message URI must be on ${args.site.origin}`);
  }
  if (m.chainId !== args.chainId) {
    throw unauthorized(
      `Sign-in message is for chain ${m.chainId}; this server serves chain ${args.chainId}`,
    );
  }
  if (!isFreshSignatureTimestamp(m.issuedAt.getTime(), now)) throw unauthorized(SIWE_STALE_MESSAGE);
  if (m.expirationTime && m.expirationTime.getTime() <= now) {
    throw unauthorized("Sign-in message has expired: sign in again");
  }
  if (m.notBefore && m.notBefore.getTime() > now) {
    throw unauthorized("Sign-in message is not valid yet (Not Before)");
  }
  const [issued] = await db.select().from(authNonces).where(eq(authNonces.nonce, m.nonce));
  if (!issued || issued.expiresAt.getTime() <= now) throw unauthorized(SIWE_UNKNOWN_NONCE_MESSAGE);
  if (issued.consumedAt) throw conflict(SIWE_USED_NONCE_MESSAGE);

  const address = m.address.toLowerCase() as Address;
  await verifySignedMessage({ address, message: args.message, signature: args.signature });
  await args.afterVerify?.(address);

  const token = randomBytes(32).toString("hex");
  const row = {
    idHash: sha256(token),
    kind: "siwe" as const,
    subject: address,
    address,
    chainId: m.chainId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_MAX_MS),
  };
  await db.transaction(async (tx) => {
    const consumed = await tx
      .update(authNonces)
      .set({ consumedAt: new Date(now) })
      .where(
        and(
          eq(authNonces.nonce, m.nonce),
          isNull(authNonces.consumedAt),
          gt(authNonces.expiresAt, new Date(now)),
        ),
      )
      .returning({ nonce: authNonces.nonce });
    if (consumed.length === 0) throw conflict(SIWE_USED_NONCE_MESSAGE);
    await tx.insert(sessions).values(row);
  });
  return { token, session: toView(row) };
}

// --- Reading and ending sessions ----------------------------------------------------------------

/** The session token of a request's cookie (the name depends on http/https), if well-formed. */
export function sessionToken(request: Request, site: Site): string | undefined {
  const name = site.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
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
