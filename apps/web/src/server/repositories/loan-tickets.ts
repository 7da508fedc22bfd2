import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Executor } from "../db/types";
import { loanTicketDecisions, loanTickets } from "../db/schema";

export type NewLoanTicket = {
  chainId: number;
  poolId: string;
  trancheId: string;
  endBorrowerId: string;
  endBorrowerName: string;
  assets: string;
  userAddress?: string | null;
  createdOn?: Date;
};

export async function insertLoanTicket(db: Executor, ticket: NewLoanTicket) {
  const [row] = await db
    .insert(loanTickets)
    .values({ ...ticket, userAddress: ticket.userAddress?.toLowerCase() ?? null })
    .returning();
  return row!;
}

/** Tickets visible to `user` on a chain (addressed to them or to every lender) with their decision. */
export async function ticketsForUser(db: Executor, chainId: number, user: string) {
  return db
    .select({ ticket: loanTickets, decision: loanTicketDecisions })
    .from(loanTickets)
    .leftJoin(
      loanTicketDecisions,
      and(
        eq(loanTicketDecisions.ticketId, loanTickets.id),
        eq(loanTicketDecisions.userAddress, user),
      ),
    )
    .where(
      and(
        eq(loanTickets.chainId, chainId),
        or(isNull(loanTickets.userAddress), eq(loanTickets.userAddress, user)),
      ),
    )
    .orderBy(asc(loanTickets.createdOn), asc(loanTickets.id));
}

export async function insertDecisions(
  db: Executor,
  rows: { ticketId: number; userAddress: string; status: "optedIn" | "optedOut" }[],
) {
  if (rows.length === 0) return [];
  return db.insert(loanTicketDecisions).values(rows).onConflictDoNothing().returning();
}

export async function allTickets(db: Executor, chainId?: number) {
  const q = db.select().from(loanTickets);
  return chainId === undefined
    ? q.orderBy(asc(loanTickets.id))
    : q.where(eq(loanTickets.chainId, chainId)).orderBy(asc(loanTickets.id));
}
