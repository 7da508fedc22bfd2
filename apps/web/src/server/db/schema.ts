import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
