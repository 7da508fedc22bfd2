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
 * lenders opt in or out within 2 days. `userAddress` null means every lender of the chain.
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
