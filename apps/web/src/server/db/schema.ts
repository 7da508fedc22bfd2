import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Client error reports (POST /api/logging, spec section 7): sent on most transaction errors.
 * Addresses are stored lowercased.
 */
export const logs = pgTable(
  "logs",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    chainId: integer("chain_id"),
    address: text("address"),
    title: text("title"),
    message: text("message"),
    /** The error as sent by the client: {message, cause, name, stack}. */
    error: jsonb("error").$type<{
      message?: string;
      cause?: unknown;
      name?: string;
      stack?: string;
    }>(),
  },
  (t) => [index("logs_address_idx").on(t.address), index("logs_created_at_idx").on(t.createdAt)],
);

export type LogRow = typeof logs.$inferSelect;
export type NewLogRow = typeof logs.$inferInsert;

/**
 * Every accepted signed request, keyed by the hash of its purpose, signer and exact message text
 * (`signature_hash` keeps its name): a signed message is accepted once, whatever the encoding of
 * its signature (replay protection). Written in the same transaction as the write it authorises.
 */
export const usedSignatures = pgTable(
  "used_signatures",
  {
    id: serial("id").primaryKey(),
    signatureHash: text("signature_hash").notNull(),
    address: text("address").notNull(),
    purpose: text("purpose").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("used_signatures_hash_idx").on(t.signatureHash)],
);

/**
 * Loan tickets (spec "Loan ticket"): a new loan to an end borrower funded by a tranche, on which
 * lenders opt in or out within 2 days. `userAddress` set: addressed to that lender only (else to
 * the tranche's holders); who may see it is in `loan_ticket_notices`.
 */
export const loanTickets = pgTable(
  "loan_tickets",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    poolId: text("pool_id").notNull(),
    trancheId: text("tranche_id").notNull(),
    endBorrowerId: text("end_borrower_id").notNull(),
    endBorrowerName: text("end_borrower_name").notNull(),
    /** USDC amount as a decimal string */
    assets: text("assets").notNull(),
    userAddress: text("user_address"),
    createdOn: timestamp("created_on", { withTimezone: true }).notNull().defaultNow(),
    /** the chain's block when the ticket was recorded: deposits accepted up to it back the loan */
    blockNumber: bigint("block_number", { mode: "bigint" }),
  },
  (t) => [index("loan_tickets_chain_idx").on(t.chainId, t.userAddress)],
);

/** A lender's opt-in or opt-out on one loan ticket. */
export const loanTicketDecisions = pgTable(
  "loan_ticket_decisions",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => loanTickets.id, { onDelete: "cascade" }),
    userAddress: text("user_address").notNull(),
    status: text("status").$type<"optedIn" | "optedOut">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("loan_ticket_decisions_ticket_user_idx").on(t.ticketId, t.userAddress)],
);

/**
 * Who was told of a loan ticket: one row per lender whose funds back it (holders of the tranche
 * when the pool manager recorded it, or the one lender it was addressed to). A ticket is visible
 * to these lenders only. `emailSentAt` is when the mail went out (null without an email on file):
 * the subsequent action "emailSent" of the spec.
 */
export const loanTicketNotices = pgTable(
  "loan_ticket_notices",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => loanTickets.id, { onDelete: "cascade" }),
    userAddress: text("user_address").notNull(),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userAddress] }),
    index("loan_ticket_notices_user_idx").on(t.userAddress),
  ],
);

/**
 * Funds returned to a lender who opted out of a ticket: the pool manager's forced withdrawal of
 * the lender's share of the loan (`shares` of `holderShares` the lender held), request `nftId`.
 * The row is written before the withdrawal is sent (nftId and transactionHash null until it is
 * mined): a second run, or one after a crash, never forces a second withdrawal.
 */
export const loanTicketReturns = pgTable(
  "loan_ticket_returns",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => loanTickets.id, { onDelete: "cascade" }),
    userAddress: text("user_address").notNull(),
    nftId: text("nft_id"),
    shares: text("shares").notNull(),
    holderShares: text("holder_shares").notNull(),
    transactionHash: text("transaction_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userAddress] }),
    index("loan_ticket_returns_user_idx").on(t.userAddress),
  ],
);

/** Generated loan contracts (spec "Generated loan contract"). */
export const lenderAgreements = pgTable(
  "lender_agreements",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    depositAmount: text("deposit_amount").notNull(),
    fullName: text("full_name").notNull(),
    contractType: text("contract_type").$type<"retail" | "exempt">().notNull(),
    contractVersion: text("contract_version").notNull(),
    contractMessage: text("contract_message").notNull(),
    /** JSON string of the structured sections */
    formattedMessage: text("formatted_message").notNull(),
    /** the signed timestamp (ms) */
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** the signed acceptance ("an acceptance of loan contract {id} by {address} at {ms}") */
    acceptanceSignature: text("acceptance_signature"),
    /** the acceptance's signed timestamp (ms) */
    acceptanceTimestamp: bigint("acceptance_timestamp", { mode: "number" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [index("lender_agreements_address_idx").on(t.chainId, t.address)],
);

/** Referral links: `owner` was referred by `referrer` (one referrer per owner and chain). */
export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    owner: text("owner").notNull(),
    referrer: text("referrer").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_owner_idx").on(t.chainId, t.owner),
    index("referrals_referrer_idx").on(t.chainId, t.referrer),
  ],
);

/**
 * Referral rewards (computed by the keeper per clearing): what one referred lender's interest
 * earned its referrer in one pool and epoch (`fee` the performance fee that interest paid,
 * `reward` the referrer's share, USDC units as decimal strings). `paidTx` is the transaction
 * that paid the referrer's total for the pool and epoch (ReferralRewards.pay), null until paid.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    poolId: text("pool_id").notNull(),
    epoch: text("epoch").notNull(),
    referrer: text("referrer").notNull(),
    userAddress: text("user_address").notNull(),
    fee: text("fee").notNull(),
    reward: text("reward").notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }).notNull(),
    paidTx: text("paid_tx"),
    /**
     * Why the keeper refused to pay this reward (issue 24: the referrer or the referred lender
     * was not a verified, different person at payout), null when it is paid or due.
     */
    refusal: text("refusal"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_rewards_user_epoch_idx").on(t.chainId, t.poolId, t.epoch, t.userAddress),
    index("referral_rewards_referrer_idx").on(t.chainId, t.referrer, t.clearedAt),
  ],
);

/** Clearings whose referral rewards the keeper has recorded and paid (skipped after a restart). */
export const referralClearings = pgTable(
  "referral_clearings",
  {
    chainId: integer("chain_id").notNull(),
    poolId: text("pool_id").notNull(),
    epoch: text("epoch").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.poolId, t.epoch] })],
);

export const KYC_STATUSES = ["Active", "No Email", "To be reviewed", "Rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Identity verification of a wallet (the built-in local provider's records, or a cache). */
export const kycRecords = pgTable("kyc_records", {
  address: text("address").primaryKey(),
  status: text("status").$type<KycStatus>().notNull(),
  entityType: text("entity_type").$type<"individual" | "business">().notNull(),
  fullName: text("full_name").notNull(),
  email: text("email"),
  provider: text("provider").notNull(),
  /**
   * The person verified (issue 24): every wallet of one person shares it (a wallet linked to the
   * same account, or the same email), so a second wallet cannot refer the first.
   */
  identityId: text("identity_id"),
  /** What the operator who approved or rejected the verification told the lender (issue 27). */
  reviewReason: text("review_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Widget sessions of the local KYC provider, opened by a signed POST /api/kyc-challenge. */
export const kycSessions = pgTable("kyc_sessions", {
  token: text("token").primaryKey(),
  address: text("address").notNull(),
  isIndividual: boolean("is_individual").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every mail the server sent (or, without SMTP, would have sent): the local outbox. */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  from: text("from_address").notNull(),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  transport: text("transport").$type<"smtp" | "outbox">().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The chain this database describes (one row): its id and genesis block hash. Written when the
 * database is first used with a chain; a database of another chain (a new local anvil, a
 * different network) is refused rather than mixed with it (issue 25).
 */
export const chainBinding = pgTable("chain_binding", {
  id: integer("id").primaryKey(),
  chainId: integer("chain_id").notNull(),
  genesisHash: text("genesis_hash").notNull(),
  boundAt: timestamp("bound_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The loss mails sent: one per loss report and lender. Written with the outbox row, deleted again
 * when delivery fails, so running the mailing twice (ops `loss:mail`, the dev panel) never mails
 * a lender twice about one loss, and a failed delivery is tried again next time.
 */
export const lossMails = pgTable(
  "loss_mails",
  {
    lossId: text("loss_id").notNull(),
    owner: text("owner").notNull(),
    outboxId: integer("outbox_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lossId, t.owner] })],
);

/**
 * The epoch mails sent (issue 28 item 4): one per pool, epoch and lender. Written with the outbox
 * row, deleted again when delivery fails, so a keeper that runs the mailing twice (a restart, a
 * second keeper) never mails a lender twice about one clearing.
 */
export const epochMails = pgTable(
  "epoch_mails",
  {
    poolId: text("pool_id").notNull(),
    epoch: text("epoch").notNull(),
    owner: text("owner").notNull(),
    outboxId: integer("outbox_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.epoch, t.owner] })],
);

/**
 * Lenders (lowercase addresses) who asked for no more epoch mails: by the mail's unsubscribe link
 * or the portfolio's setting. A row is an opt-out; deleting it subscribes again.
 */
export const epochMailOptOuts = pgTable("epoch_mail_opt_outs", {
  owner: text("owner").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters (web servers are stateless, so the window lives here). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// --- Sessions (issue 10: Sign-In with Ethereum) -----------------------------------------------

/**
 * Single-use nonces of Sign-In with Ethereum (EIP-4361) messages, issued by GET /api/auth/nonce.
 * A nonce is accepted once (`consumedAt` set in the sign-in's transaction) and until `expiresAt`.
 */
export const authNonces = pgTable(
  "auth_nonces",
  {
    nonce: text("nonce").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("auth_nonces_expires_at_idx").on(t.expiresAt)],
);

/**
 * How a session was opened: a wallet's SIWE signature, an emailed one-time code, or Google
 * (OpenID Connect). `email` and `google` sessions speak for an {@link accounts} row.
 */
export const SESSION_KINDS = ["siwe", "email", "google"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * Signed-in sessions. The cookie holds a random 256-bit id; only its SHA-256 is stored, so a
 * database leak gives no usable cookie. `subject` is what the session proves: for `siwe` the
 * lowercased wallet address (`address` too); other kinds may prove an email or a user id.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    kind: text("kind").$type<SessionKind>().notNull(),
    subject: text("subject").notNull(),
    /** the wallet the session speaks for (lowercase), null for a session without a wallet */
    address: text("address"),
    chainId: integer("chain_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** sliding idle timeout: the session ends 15 minutes after this */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** absolute end (24 hours after sign-in) */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_subject_idx").on(t.kind, t.subject),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
// ---------------------------------------------------------------------------------------------
// Issue 10 (API: email confirmation, referral yields): migration 0003_email_codes_first_deposits
// ---------------------------------------------------------------------------------------------

/**
 * Email confirmation codes (POST /api/email-challenge, then /api/email-challenge/confirm): the
 * 6-digit code mailed to `email` is stored only as a salted hash; it expires after 10 minutes and
 * is void after 5 wrong tries. At most 3 codes per wallet and per email address in 15 minutes.
 */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: serial("id").primaryKey(),
    address: text("address").notNull(),
    email: text("email").notNull(),
    /** "{salt}:{sha256(salt:address:email:code)}" in hex */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_codes_address_idx").on(t.address, t.createdAt),
    index("email_codes_email_idx").on(t.email, t.createdAt),
  ],
);

/**
 * A cache of each user's first deposit (USDC sent to the LendingPoolManager, 6 decimals), read
 * from chain logs in batches for GET /api/referral/userYields. A found deposit never changes; a
 * user without one (`amount` null) is looked up again once `checkedAt` is older than the TTL.
 * Shared by every web server; the indexer replaces it.
 */
export const firstDeposits = pgTable(
  "first_deposits",
  {
    chainId: integer("chain_id").notNull(),
    user: text("user_address").notNull(),
    amount: text("amount"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.user] })],
);

// ---------------------------------------------------------------------------------------------
// Issue 14 (email and Google sign-in, embedded wallet, linked wallets): migration 0007_accounts
// ---------------------------------------------------------------------------------------------

/**
 * A lender who signs in by email or Google. The session's `subject` is `account:{id}` and its
 * `address` the account's active wallet. The email is confirmed (a code reached it, or Google
 * verified it). The embedded wallet's key never reaches the server: only its address, and the
 * backup encrypted under the lender's recovery password ({@link walletBackups}).
 */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  /**
   * The email sign-in of the account (normalised, proved by a code): set only on an account
   * created by an email code. Google's email never lands here: an email code reaches only the
   * account this column names (issue 24, item 1).
   */
  email: text("email").unique(),
  /** Google's stable user id (`sub` of the ID token): the Google sign-in of the account */
  googleSub: text("google_sub").unique(),
  /** the verified email of the Google account (contact only: never a way in) */
  googleEmail: text("google_email"),
  /** the embedded wallet created at first sign-in (lowercase) */
  embeddedAddress: text("embedded_address").unique(),
  /** the wallet the account last used (lowercase): the next session speaks for it */
  activeAddress: text("active_address"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const WALLET_LINK_KINDS = ["embedded", "linked"] as const;
export type WalletLinkKind = (typeof WALLET_LINK_KINDS)[number];

/** Wallets of an account: its embedded wallet and the wallets linked by a signature. */
export const accountWallets = pgTable(
  "account_wallets",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    kind: text("kind").$type<WalletLinkKind>().notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.address] }),
    index("account_wallets_address_idx").on(t.address),
  ],
);

/**
 * The embedded wallet's recovery backup: ciphertext under a key derived from the lender's
 * recovery password in the browser (Argon2id, 64 MiB, per-backup salt; AES-GCM). Answered only
 * to the account's own session.
 */
export const walletBackups = pgTable("wallet_backups", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  backup: jsonb("backup").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Email sign-in codes: 6 digits, hashed with a salt, 10 minutes, the 5th wrong try voids. */
export const loginCodes = pgTable(
  "login_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** "{salt}:{sha256(salt:email:code)}" in hex */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** the rate-limit bucket of the IP that asked for it (limits count per requester) */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_codes_email_idx").on(t.email, t.createdAt),
    index("login_codes_ip_idx").on(t.ip, t.createdAt),
  ],
);

/**
 * A Google sign-in under way: keyed by the SHA-256 of its `state` (also in an http-only cookie
 * of the browser that started it), holding the PKCE verifier and the ID token nonce; used once.
 */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    returnTo: text("return_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("oauth_flows_expires_at_idx").on(t.expiresAt)],
);

/**
 * The operator console's audit trail (issue 27): every operator action, on-chain (its transaction
 * hash) or off-chain (a KYC decision), with who, when, what and why. Append-only: the migration
 * makes UPDATE and DELETE on it do nothing.
 */
export const consoleAudit = pgTable(
  "console_audit",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    /** the operator's wallet (lowercase) */
    actor: text("actor").notNull(),
    /** the action, e.g. `kyc:approve`, `draw`, `incident:open` */
    action: text("action").notNull(),
    /** what it was done to (an address, `pool 0`) */
    target: text("target").notNull(),
    /** the operator's reason, as given */
    reason: text("reason").notNull().default(""),
    /** the figures of the action (amounts in smallest units, as decimal strings) */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    txHash: text("tx_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("console_audit_created_idx").on(t.chainId, t.createdAt),
    uniqueIndex("console_audit_tx_idx").on(t.chainId, t.txHash),
  ],
);

/**
 * What the keeper last did and last failed at (issue 27, the console's health panel), per scope:
 * `keeper` (its passes) or `pool <id>`. Written by the keeper beside its JSON log lines.
 */
export const keeperStatus = pgTable(
  "keeper_status",
  {
    chainId: integer("chain_id").notNull(),
    scope: text("scope").notNull(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastAction: text("last_action"),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.scope] })],
);
