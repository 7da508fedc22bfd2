import { and, asc, count, desc, eq, exists, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../db/types";
import {
  loanTicketDecisions,
  loanTicketNotices,
  loanTicketReturns,
  loanTickets,
} from "../db/schema";

export type NewLoanTicket = {
  chainId: number;
  poolId: string;
  trancheId: string;
  endBorrowerId: string;
  endBorrowerName: string;
  assets: string;
  userAddress?: string | null;
  createdOn?: Date;
  /** the chain's block when it was recorded */
  blockNumber?: bigint | null;
};

export type LoanTicketRow = typeof loanTickets.$inferSelect;

export async function insertLoanTicket(db: Executor, ticket: NewLoanTicket) {
  const [row] = await db
    .insert(loanTickets)
    .values({ ...ticket, userAddress: ticket.userAddress?.toLowerCase() ?? null })
    .returning();
  return row!;
}

/** Records that `users` were told of `ticketId` (once each; a repeat changes nothing). */
export async function insertNotices(
  db: Executor,
  ticketId: number,
  users: readonly { address: string; emailSentAt: Date | null }[],
) {
  if (users.length === 0) return [];
  return db
    .insert(loanTicketNotices)
    .values(
      users.map((u) => ({
        ticketId,
        userAddress: u.address.toLowerCase(),
        emailSentAt: u.emailSentAt,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * Tickets `user` was told of on a chain (the newest {@link MAX_TICKETS_PER_USER}), oldest first,
 * with the user's decision and fund return.
 */
export async function ticketsForUser(db: Executor, chainId: number, user: string) {
  const rows = await db
    .select({
      ticket: loanTickets,
      notice: loanTicketNotices,
      decision: loanTicketDecisions,
      fundsReturn: loanTicketReturns,
    })
    .from(loanTickets)
    .innerJoin(
      loanTicketNotices,
      and(eq(loanTicketNotices.ticketId, loanTickets.id), eq(loanTicketNotices.userAddress, user)),
    )
    .leftJoin(
      loanTicketDecisions,
      and(
        eq(loanTicketDecisions.ticketId, loanTickets.id),
        eq(loanTicketDecisions.userAddress, user),
      ),
    )
    .leftJoin(
      loanTicketReturns,
      and(eq(loanTicketReturns.ticketId, loanTickets.id), eq(loanTicketReturns.userAddress, user)),
    )
    .where(eq(loanTickets.chainId, chainId))
    .orderBy(desc(loanTickets.createdOn), desc(loanTickets.id))
    .limit(MAX_TICKETS_PER_USER);
  return rows.reverse();
}

/**
 * A lender is told of the tickets of the tranches it funds: a handful an epoch. Reads keep the
 * newest this many, so one request never reads an unbounded list.
 */
export const MAX_TICKETS_PER_USER = 1_000;

export async function insertDecisions(
  db: Executor,
  rows: { ticketId: number; userAddress: string; status: "optedIn" | "optedOut" }[],
) {
  if (rows.length === 0) return [];
  return db.insert(loanTicketDecisions).values(rows).onConflictDoNothing().returning();
}

export async function ticketById(db: Executor, id: number): Promise<LoanTicketRow | undefined> {
  const [row] = await db.select().from(loanTickets).where(eq(loanTickets.id, id));
  return row;
}

/** Lenders who opted out of `ticketId` and whose funds were not returned yet. */
export async function optedOutWithoutReturn(db: Executor, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ user: loanTicketDecisions.userAddress })
    .from(loanTicketDecisions)
    .leftJoin(
      loanTicketReturns,
      and(
        eq(loanTicketReturns.ticketId, loanTicketDecisions.ticketId),
        eq(loanTicketReturns.userAddress, loanTicketDecisions.userAddress),
      ),
    )
    .where(
      and(
        eq(loanTicketDecisions.ticketId, ticketId),
        eq(loanTicketDecisions.status, "optedOut"),
        isNull(loanTicketReturns.ticketId),
        // only lenders who were told of it can have decided, but say so
        exists(
          db
            .select({ one: loanTicketNotices.ticketId })
            .from(loanTicketNotices)
            .where(
              and(
                eq(loanTicketNotices.ticketId, ticketId),
                eq(loanTicketNotices.userAddress, loanTicketDecisions.userAddress),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(loanTicketDecisions.userAddress));
  return rows.map((r) => r.user);
}

export async function insertReturn(db: Executor, row: typeof loanTicketReturns.$inferInsert) {
  const [inserted] = await db
    .insert(loanTicketReturns)
    .values({ ...row, userAddress: row.userAddress.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** Records the forced withdrawal that returned a lender's funds (after it was mined). */
export async function completeReturn(
  db: Executor,
  row: { ticketId: number; userAddress: string; nftId: string; transactionHash: string },
) {
  await db
    .update(loanTicketReturns)
    .set({ nftId: row.nftId, transactionHash: row.transactionHash })
    .where(
      and(
        eq(loanTicketReturns.ticketId, row.ticketId),
        eq(loanTicketReturns.userAddress, row.userAddress.toLowerCase()),
      ),
    );
}

/** Drops a reservation whose withdrawal was never mined (a completed return is never deleted). */
export async function deleteUnfinishedReturn(db: Executor, ticketId: number, userAddress: string) {
  await db
    .delete(loanTicketReturns)
    .where(
      and(
        eq(loanTicketReturns.ticketId, ticketId),
        eq(loanTicketReturns.userAddress, userAddress.toLowerCase()),
        isNull(loanTicketReturns.nftId),
      ),
    );
}

/** Returns of a ticket whose withdrawal was sent but not recorded (a run stopped midway). */
export async function unfinishedReturns(db: Executor, ticketId: number) {
  return db
    .select()
    .from(loanTicketReturns)
    .where(and(eq(loanTicketReturns.ticketId, ticketId), isNull(loanTicketReturns.nftId)));
}

export async function allTickets(db: Executor, chainId?: number) {
  const q = db.select().from(loanTickets);
  return chainId === undefined
    ? q.orderBy(asc(loanTickets.id))
    : q.where(eq(loanTickets.chainId, chainId)).orderBy(asc(loanTickets.id));
}

/** How many lenders were told of each ticket (ops listing). */
export async function noticeCounts(db: Executor, ticketIds: number[]) {
  if (ticketIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ ticketId: loanTicketNotices.ticketId, n: count() })
    .from(loanTicketNotices)
    .where(inArray(loanTicketNotices.ticketId, ticketIds))
    .groupBy(loanTicketNotices.ticketId);
  return new Map(rows.map((r) => [r.ticketId, r.n]));
}
