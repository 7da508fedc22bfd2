/**
 * Accounts of lenders who sign in by email or Google, their embedded wallet and the wallets they
 * link (issue 14). An account session (`kind` email or google, `subject` `account:{id}`) is an
 * ordinary database session (./sessions.ts) whose `address` is the account's active wallet, so
 * every per-address rule (personal data only to its owner's session) holds unchanged.
 *
 * What the server knows of the embedded wallet: its address (registered with a signature of its
 * key) and, once the lender sets a recovery password, a backup encrypted in the browser under a
 * key derived from that password. Never the key itself (docs/security.md).
 */
import { createHash } from "node:crypto";
import {
  buildEmbeddedWalletMessage,
  buildLinkWalletMessage,
  buildWalletBackupMessage,
  walletBackupCanonicalJson,
} from "@lending/sdk";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { z } from "zod";
import type { Database } from "../db/client";
import type { Executor } from "../db/types";
import {
  accounts,
  accountWallets,
  sessions,
  walletBackups,
  type WalletLinkKind,
} from "../db/schema";
import { conflict, forbidden, notFound, unauthorized } from "../http/errors";
import {
  createSession,
  currentSessionWithSubject,
  setSessionAddress,
  signOut,
  type SessionView,
  type Site,
} from "./sessions";
import { consumeSignature, verifySignedRequest } from "./signatures";

export const NOT_ACCOUNT_SESSION_MESSAGE = "Sign in with email or Google first";
export const EMBEDDED_EXISTS_MESSAGE = "This account already has an embedded wallet";
export const NO_EMBEDDED_MESSAGE = "This account has no embedded wallet yet";
export const NO_BACKUP_MESSAGE =
  "This account has no recovery backup: no recovery password was set";
export const NOT_LINKED_MESSAGE = "This wallet is not linked to the signed-in account";
export const LINKED_ELSEWHERE_MESSAGE = "This wallet is the embedded wallet of another account";
/** At most this many wallets per account (the embedded one included). */
export const MAX_ACCOUNT_WALLETS = 10;

/**
 * The recovery backup as stored and answered: the browser's format (apps/web/src/features/
 * embedded-wallet/recovery.ts). The server checks its shape and refuses a KDF weaker than
 * Argon2id with 64 MiB and 3 passes, so no client can store an easily guessed backup.
 */
export const recoveryBackupSchema = z
  .object({
    version: z.literal(1),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be an address"),
    kdf: z
      .object({
        algorithm: z.literal("argon2id"),
        memoryKiB: z.number().int().min(65_536, "must be at least 65536 (64 MiB)").max(1_048_576),
        iterations: z.number().int().min(3).max(64),
        parallelism: z.number().int().min(1).max(16),
        salt: z.string().regex(/^[A-Za-z0-9+/]{22}(==)?$/, "must be 16 bytes in base64"),
      })
      .strict(),
    iv: z.string().regex(/^[A-Za-z0-9+/]{16}$/, "must be 12 bytes in base64"),
    ciphertext: z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64")
      .max(1_024),
  })
  .strict();
export type RecoveryBackup = z.output<typeof recoveryBackupSchema>;

/** The SHA-256 (hex) of a backup's canonical JSON: what the embedded wallet signs to store it. */
export function backupDigest(backup: RecoveryBackup): string {
  return createHash("sha256").update(walletBackupCanonicalJson(backup)).digest("hex");
}

export type AccountWalletView = { address: string; kind: WalletLinkKind; linkedAt: string };

/** What GET /api/auth/account answers to the account's own session. */
export type AccountView = {
  id: number;
  email: string | null;
  google: boolean;
  embeddedAddress: string | null;
  activeAddress: string | null;
  hasBackup: boolean;
  wallets: AccountWalletView[];
  /** when this session signed in (export of the key is offered within 5 minutes of it) */
  signedInAt: string;
  sessionKind: string;
};

const accountSubject = (id: number) => `account:${id}`;

/** The account of a session subject `account:{id}`, if it is one. */
export function accountIdOfSubject(subject: string): number | undefined {
  const m = /^account:(\d{1,12})$/.exec(subject);
  return m ? Number(m[1]) : undefined;
}

/**
 * The request's account session: 401 without a live session of kind email or google.
 */
export async function requireAccountSession(
  db: Executor,
  request: Request,
  site: Site,
): Promise<{ session: SessionView; accountId: number }> {
  const session = await currentSessionWithSubject(db, request, site);
  const accountId = session ? accountIdOfSubject(session.subject) : undefined;
  if (!session || accountId === undefined || session.kind === "siwe") {
    throw unauthorized(NOT_ACCOUNT_SESSION_MESSAGE);
  }
  const { subject: _subject, ...view } = session;
  return { session: view, accountId };
}

/**
 * The account whose email sign-in is this confirmed address, created at its first sign-in. Only
 * an account created by an email code has one: a Google account with the same email is never
 * reached by a code (issue 24, item 1), so this answers a separate account then.
 */
export async function accountForEmail(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .insert(accounts)
    .values({ email })
    .onConflictDoUpdate({ target: accounts.email, set: { email: sql`excluded.email` } })
    .returning({ id: accounts.id });
  return row!.id;
}

/**
 * The account of a Google user: by its `sub`, else a new account. Never an account found by
 * email: Google's verified email (kept as `googleEmail`, for contact only) joins nothing, and an
 * account created by an email code is never opened by Google (issue 24, item 1). Safe under
 * concurrent first sign-ins of one user.
 */
export async function accountForGoogle(
  db: Database,
  claims: { sub: string; email?: string; emailOwned?: boolean },
): Promise<number> {
  const bySub = async (tx: Executor) =>
    (
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.googleSub, claims.sub))
    )[0]?.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`google:${claims.sub}`}))`);
    const known = await bySub(tx);
    if (known !== undefined) return known;
    const [created] = await tx
      .insert(accounts)
      .values({ googleSub: claims.sub, googleEmail: claims.email?.toLowerCase() ?? null })
      .returning({ id: accounts.id });
    return created!.id;
  });
}

/**
 * Ends every session of the request's signer, on every device: the account's sessions for an
 * email or Google session, the wallet's Sign-In with Ethereum sessions for a wallet session.
 * Answers how many ended (the request's own included).
 *
 * @throws {HttpError} 401 not signed in.
 */
export async function signOutEverywhere(
  db: Executor,
  request: Request,
  site: Site,
): Promise<number> {
  const session = await currentSessionWithSubject(db, request, site);
  if (!session) throw unauthorized("Sign in first");
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.subject, session.subject))
    .returning({ kind: sessions.kind });
  return ended.length;
}

/**
 * Opens a new session for the account (a fresh random id: a cookie planted before sign-in is
 * never promoted) speaking for its active wallet, and ends the browser's previous session.
 */
export async function openAccountSession(
  db: Database,
  request: Request,
  site: Site,
  args: { accountId: number; kind: "email" | "google"; chainId: number; now?: number },
): Promise<{ token: string; session: SessionView }> {
  const [account] = await db
    .select({ activeAddress: accounts.activeAddress })
    .from(accounts)
    .where(eq(accounts.id, args.accountId));
  await signOut(db, request, site);
  return createSession(db, {
    kind: args.kind,
    subject: accountSubject(args.accountId),
    address: (account?.activeAddress as Address | null) ?? null,
    chainId: args.chainId,
    now: args.now,
  });
}

/** The account as its own session sees it. */
export async function accountView(
  db: Executor,
  accountId: number,
  session: SessionView,
): Promise<AccountView> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw unauthorized(NOT_ACCOUNT_SESSION_MESSAGE);
  const wallets = await db
    .select()
    .from(accountWallets)
    .where(eq(accountWallets.accountId, accountId))
    .orderBy(asc(accountWallets.linkedAt), asc(accountWallets.address))
    .limit(MAX_ACCOUNT_WALLETS);
  const [backup] = await db
    .select({ accountId: walletBackups.accountId })
    .from(walletBackups)
    .where(eq(walletBackups.accountId, accountId));
  return {
    id: account.id,
    email: account.email ?? account.googleEmail,
    google: account.googleSub !== null,
    embeddedAddress: account.embeddedAddress,
    activeAddress: session.address,
    hasBackup: Boolean(backup),
    wallets: wallets.map((w) => ({
      address: w.address,
      kind: w.kind,
      linkedAt: w.linkedAt.toISOString(),
    })),
    signedInAt: session.createdAt,
    sessionKind: session.kind,
  };
}

type Signed = { address: Address; signature: Hex; timestamp: number; chainId: number };

/**
 * Registers the account's embedded wallet, created in the browser: its key signs
 * {@link buildEmbeddedWalletMessage} (fresh, single use). It becomes the active wallet of the
 * account and of this session.
 *
 * @throws {HttpError} 401 bad or stale signature, 409 the account has one already, the
 *   signature was used, or the address belongs to another account.
 */
export async function registerEmbeddedWallet(
  db: Database,
  request: Request,
  site: Site,
  args: Signed & { accountId: number; now?: number },
): Promise<void> {
  const address = args.address.toLowerCase() as Address;
  const message = buildEmbeddedWalletMessage({ ...args, address });
  await verifySignedRequest(db, { ...args, message, now: args.now });
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ accountId: accountWallets.accountId })
      .from(accountWallets)
      .where(eq(accountWallets.address, address))
      .limit(1);
    if (taken) throw conflict(LINKED_ELSEWHERE_MESSAGE);
    const updated = await tx
      .update(accounts)
      .set({ embeddedAddress: address, activeAddress: address })
      .where(and(eq(accounts.id, args.accountId), sql`${accounts.embeddedAddress} is null`))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw conflict(EMBEDDED_EXISTS_MESSAGE);
    await tx
      .insert(accountWallets)
      .values({ accountId: args.accountId, address, kind: "embedded" });
    await consumeSignature(tx, { address, message, purpose: "embedded-wallet" });
    await setSessionAddress(tx, request, site, address);
  });
}

/**
 * Links a wallet to the account: the wallet signs {@link buildLinkWalletMessage} (proof of
 * ownership, fresh and single use). Linking twice is harmless. Another account's embedded wallet
 * cannot be linked.
 *
 * @throws {HttpError} 401 bad or stale signature, 409 used signature, another account's
 *   embedded wallet, or more than {@link MAX_ACCOUNT_WALLETS}.
 */
export async function linkWallet(
  db: Database,
  args: Signed & { accountId: number; now?: number },
): Promise<void> {
  const address = args.address.toLowerCase() as Address;
  const message = buildLinkWalletMessage({ ...args, address });
  await verifySignedRequest(db, { ...args, message, now: args.now });
  await db.transaction(async (tx) => {
    // one link at a time per account: the wallet count below holds
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`account-wallets:${args.accountId}`}))`,
    );
    const [embeddedElsewhere] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.embeddedAddress, address));
    if (embeddedElsewhere && embeddedElsewhere.id !== args.accountId) {
      throw conflict(LINKED_ELSEWHERE_MESSAGE);
    }
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(accountWallets)
      .where(eq(accountWallets.accountId, args.accountId));
    await consumeSignature(tx, { address, message, purpose: "link-wallet" });
    const inserted = await tx
      .insert(accountWallets)
      .values({ accountId: args.accountId, address, kind: "linked" })
      .onConflictDoNothing()
      .returning({ address: accountWallets.address });
    if (inserted.length > 0 && count >= MAX_ACCOUNT_WALLETS) {
      throw conflict(`An account can have at most ${MAX_ACCOUNT_WALLETS} wallets`);
    }
  });
}

/**
 * Makes one of the account's wallets the active one: for this session (its personal reads now
 * answer that wallet's data) and for the next sign-in.
 *
 * @throws {HttpError} 403 the wallet is not linked to the account.
 */
export async function setActiveWallet(
  db: Database,
  request: Request,
  site: Site,
  args: { accountId: number; address: Address },
): Promise<SessionView> {
  const address = args.address.toLowerCase() as Address;
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ address: accountWallets.address })
      .from(accountWallets)
      .where(
        and(eq(accountWallets.accountId, args.accountId), eq(accountWallets.address, address)),
      );
    if (!linked) throw forbidden(NOT_LINKED_MESSAGE);
    await tx
      .update(accounts)
      .set({ activeAddress: address })
      .where(eq(accounts.id, args.accountId));
    const session = await setSessionAddress(tx, request, site, address);
    if (!session) throw unauthorized(NOT_ACCOUNT_SESSION_MESSAGE);
    return session;
  });
}

/** The backup is answered only within 10 minutes of a sign-in (a restore follows one). */
export const BACKUP_READ_WINDOW_MS = 10 * 60_000;
export const BACKUP_READ_LATE_MESSAGE =
  "Sign in again to restore your wallet: the backup is answered only within 10 minutes of a sign-in";

/**
 * The account's own recovery backup (only ever its own: the account comes from the session),
 * and only within {@link BACKUP_READ_WINDOW_MS} of the session's sign-in: a cookie stolen later
 * cannot fetch the ciphertext to guess the password offline.
 *
 * @throws {HttpError} 403 too long after the sign-in, 404 no backup.
 */
export async function readBackup(
  db: Executor,
  accountId: number,
  session: SessionView,
  now: number = Date.now(),
): Promise<RecoveryBackup> {
  if (now - Date.parse(session.createdAt) > BACKUP_READ_WINDOW_MS) {
    throw forbidden(BACKUP_READ_LATE_MESSAGE);
  }
  const [row] = await db
    .select({ backup: walletBackups.backup })
    .from(walletBackups)
    .where(eq(walletBackups.accountId, accountId));
  if (!row) throw notFound(NO_BACKUP_MESSAGE);
  return row.backup as RecoveryBackup;
}

/**
 * Stores (or replaces) the account's recovery backup. The embedded wallet signs
 * {@link buildWalletBackupMessage} naming the backup's digest: a stolen session alone cannot
 * swap the backup for one under another password.
 *
 * @throws {HttpError} 401 bad or stale signature, 404 no embedded wallet, 400 the backup is not
 *   of the account's embedded wallet, 409 used signature.
 */
export async function storeBackup(
  db: Database,
  args: {
    accountId: number;
    backup: RecoveryBackup;
    signature: Hex;
    timestamp: number;
    chainId: number;
    now?: number;
  },
): Promise<void> {
  const [account] = await db
    .select({ embeddedAddress: accounts.embeddedAddress })
    .from(accounts)
    .where(eq(accounts.id, args.accountId));
  if (!account?.embeddedAddress) throw notFound(NO_EMBEDDED_MESSAGE);
  const address = account.embeddedAddress as Address;
  if (args.backup.address.toLowerCase() !== address) {
    throw conflict("The backup is not of this account's embedded wallet");
  }
  const message = buildWalletBackupMessage({
    accountId: args.accountId,
    address,
    digest: backupDigest(args.backup),
    timestamp: args.timestamp,
    chainId: args.chainId,
  });
  await verifySignedRequest(db, {
    address,
    message,
    signature: args.signature,
    timestamp: args.timestamp,
    now: args.now,
  });
  const backup = { ...args.backup, address };
  await db.transaction(async (tx) => {
    await consumeSignature(tx, { address, message, purpose: "wallet-backup" });
    await tx
      .insert(walletBackups)
      .values({ accountId: args.accountId, address, backup })
      .onConflictDoUpdate({
        target: walletBackups.accountId,
        set: { backup, address, updatedAt: new Date(args.now ?? Date.now()) },
      });
  });
}

export const UNLINK_EMBEDDED_MESSAGE = "The embedded wallet cannot be unlinked from its account";

/**
 * Unlinks a wallet from the account (not the embedded one): the account and its sessions no
 * longer speak for it. When it was the active wallet, the embedded wallet becomes active (the
 * request's session follows; the account's other sessions lose the wallet).
 *
 * @throws {HttpError} 403 not linked, 409 the embedded wallet.
 */
export async function unlinkWallet(
  db: Database,
  args: { accountId: number; address: Address },
): Promise<void> {
  const address = args.address.toLowerCase() as Address;
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ kind: accountWallets.kind })
      .from(accountWallets)
      .where(
        and(eq(accountWallets.accountId, args.accountId), eq(accountWallets.address, address)),
      );
    if (!link) throw forbidden(NOT_LINKED_MESSAGE);
    if (link.kind === "embedded") throw conflict(UNLINK_EMBEDDED_MESSAGE);
    await tx
      .delete(accountWallets)
      .where(
        and(eq(accountWallets.accountId, args.accountId), eq(accountWallets.address, address)),
      );
    const [account] = await tx
      .select({ embeddedAddress: accounts.embeddedAddress, activeAddress: accounts.activeAddress })
      .from(accounts)
      .where(eq(accounts.id, args.accountId));
    const fallback = (account?.embeddedAddress as Address | null) ?? null;
    if (account?.activeAddress === address) {
      await tx
        .update(accounts)
        .set({ activeAddress: fallback })
        .where(eq(accounts.id, args.accountId));
    }
    // no session of this account speaks for the wallet any more
    await tx
      .update(sessions)
      .set({ address: fallback })
      .where(and(eq(sessions.subject, `account:${args.accountId}`), eq(sessions.address, address)));
  });
}
