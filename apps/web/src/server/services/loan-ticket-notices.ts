/**
 * Telling lenders of a new loan ticket (the pool manager's ops command `loan-tickets:create`):
 * notice rows (who may see the ticket; the history's "emailSent") and mail through the outbox.
 */
import { BORROWER_DECISION_WINDOW_MS, formatUsdc } from "@lending/sdk";
import { and, eq } from "drizzle-orm";
import { parseUnits, type Address } from "viem";
import type { Database } from "../db/client";
import { loanTicketNotices } from "../db/schema";
import {
  insertLoanTicket,
  insertNotices,
  type LoanTicketRow,
  type NewLoanTicket,
} from "../repositories/loan-tickets";
import { Mailer, type Mail } from "./mail";

/** The mail a lender gets when a borrower is identified for funds it lends (spec section 9). */
export function loanTicketMail(args: {
  to: string;
  ticket: Pick<LoanTicketRow, "endBorrowerName" | "endBorrowerId" | "assets" | "createdOn">;
  poolName: string;
  trancheName: string;
  appName: string;
  portfolioUrl: string;
  from: string;
}): Mail {
  const closes = new Date(args.ticket.createdOn.getTime() + BORROWER_DECISION_WINDOW_MS);
  const assets = formatUsdc(parseUnits(args.ticket.assets, 6));
  return {
    to: args.to,
    subject: `${args.appName}: a borrower was identified for your funds`,
    text:
      `The pool manager identified a borrower for the ${args.poolName} pool, ${args.trancheName} tranche, ` +
      `where you lend: ${args.ticket.endBorrowerName} (${args.ticket.endBorrowerId}), ${assets} USDC.\n\n` +
      `You have 2 days, until ${closes.toISOString().replace("T", " ").slice(0, 16)} UTC, to opt in or opt out ` +
      `in your portfolio: ${args.portfolioUrl}. Without an answer you are counted as opted in.\n\n` +
      `This notification was sent from ${args.from}, a no-reply address: replies are not read.`,
  };
}

/**
 * Records a new ticket and tells `lenders` of it: a notice row each (the ticket becomes visible
 * to them; the history shows "emailSent") and, for those with an email on file, a mail through
 * the outbox. The emails are looked up first (a provider that fails records nothing); the ticket,
 * its notices and the outbox rows are written in one transaction; mail goes out after the
 * commit, and a mail the relay refused is taken out of the outbox and its notice keeps no send
 * time. Answers the ticket and how many lenders were told and mailed.
 */
export async function recordLoanTicket(
  db: Database,
  args: {
    ticket: NewLoanTicket;
    lenders: readonly Address[];
    emailOf: (address: Address) => Promise<string | null | undefined>;
    mail: { smtpUrl?: string; from: string };
    compose: (to: string, ticket: LoanTicketRow) => Mail;
    now?: Date;
  },
): Promise<{ ticket: LoanTicketRow; notified: number; mailed: number }> {
  const now = args.now ?? new Date();
  const lenders = [...new Set(args.lenders.map((a) => a.toLowerCase() as Address))];
  const emails = new Map<Address, string | null>();
  for (const a of lenders) emails.set(a, (await args.emailOf(a))?.trim() || null);
  const mailer = new Mailer(args.mail);
  const written = await db.transaction(async (tx) => {
    const ticket = await insertLoanTicket(tx, args.ticket);
    const inserted = await insertNotices(
      tx,
      ticket.id,
      lenders.map((a) => ({ address: a, emailSentAt: emails.get(a) ? now : null })),
    );
    const mails: { user: string; mail: Mail; id: number }[] = [];
    for (const n of inserted) {
      const to = emails.get(n.userAddress as Address);
      if (!to) continue;
      const mail = args.compose(to, ticket);
      mails.push({ user: n.userAddress, mail, id: await mailer.record(tx, mail) });
    }
    return { ticket, notified: inserted.length, mails };
  });
  let mailed = 0;
  for (const m of written.mails) {
    try {
      await mailer.deliver(m.mail);
      mailed++;
    } catch (error) {
      console.error(`[loan-tickets] mail to ${m.user} failed:`, error);
      await db.transaction(async (tx) => {
        await mailer.discard(tx, m.id);
        await tx
          .update(loanTicketNotices)
          .set({ emailSentAt: null })
          .where(
            and(
              eq(loanTicketNotices.ticketId, written.ticket.id),
              eq(loanTicketNotices.userAddress, m.user),
            ),
          );
      });
    }
  }
  return { ticket: written.ticket, notified: written.notified, mailed };
}
