/**
 * Sign-In with Ethereum (EIP-4361): the wallet signs a message naming this site, this chain and a
 * server-issued single-use nonce; a valid one opens a database session (./sessions.ts).
 */
import { randomBytes } from "node:crypto";
import { isFreshSignatureTimestamp } from "@lending/sdk";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { getAddress, type Address, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import type { Executor } from "../db/types";
import { authNonces, sessions } from "../db/schema";
import { badRequest, conflict, unauthorized } from "../http/errors";
import { createSession, SESSION_IDLE_MS, type SessionView, type Site } from "./sessions";
import { verifySignedMessage } from "./signatures";

/** A nonce must be signed and sent back within 5 minutes. */
export const NONCE_TTL_MS = 5 * 60_000;

export const SIWE_MALFORMED_MESSAGE =
  "message: not a Sign-In with Ethereum (EIP-4361) message (build it with createSiweMessage)";
export const SIWE_STALE_MESSAGE =
  "Sign-in message was issued more than 5 minutes ago or in the future: sign in again";
export const SIWE_UNKNOWN_NONCE_MESSAGE = "Unknown or expired sign-in nonce: request a new one";
export const SIWE_USED_NONCE_MESSAGE = "Sign-in nonce already used: request a new one";

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

  return db.transaction(async (tx) => {
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
    return createSession(tx, { kind: "siwe", subject: address, address, chainId: m.chainId, now });
  });
}
