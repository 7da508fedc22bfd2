import { and, eq, lt } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "../db/types";
import { outbox } from "../db/schema";

export type Mail = { to: string; subject: string; text: string };

/**
 * How long the SMTP relay may take to accept the connection, to greet, and to answer any later
 * command, in ms: a hanging relay fails the send quickly instead of after nodemailer's defaults
 * (minutes).
 */
export const SMTP_TIMEOUT_MS = 5_000;

/** With SMTP, a send's audit row (to, subject, time, transport) is kept 30 days, then deleted. */
export const MAIL_AUDIT_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Sends mail over SMTP (SMTP_URL) from MAIL_FROM. Without SMTP_URL the `outbox` table is the
 * only destination and keeps each message whole (the local default; /dev/outbox lists it on the
 * local chain). With SMTP the outbox keeps only what audits a send (from, to, subject, time,
 * transport), never the body (a live sign-in code, a borrower's name), and rows older than
 * {@link MAIL_AUDIT_KEEP_MS} are deleted at each send (issue 24, item 6). Recording ({@link Mailer.record}, inside the caller's
 * transaction) and delivery ({@link Mailer.deliver}, after the commit, so no transaction waits
 * on the relay) are separate steps; a failed delivery is undone with {@link Mailer.discard}.
 */
export class Mailer {
  private transport?: Transporter;
  constructor(
    private readonly opts: { smtpUrl?: string; from: string },
    timeoutMs: number = SMTP_TIMEOUT_MS,
  ) {
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      });
    }
  }

  /**
   * Writes the message to the outbox (in `db`, the caller's transaction); answers its id. With
   * SMTP only the audit fields (an empty body), and the audit rows past their time go.
   */
  async record(db: Executor, mail: Mail, now: number = Date.now()): Promise<number> {
    const [row] = await db
      .insert(outbox)
      .values({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: this.transport ? "" : mail.text,
        transport: this.transport ? "smtp" : "outbox",
        createdAt: new Date(now),
      })
      .returning({ id: outbox.id });
    if (this.transport) {
      await db
        .delete(outbox)
        .where(
          and(
            eq(outbox.transport, "smtp"),
            lt(outbox.createdAt, new Date(now - MAIL_AUDIT_KEEP_MS)),
          ),
        );
    }
    return row!.id;
  }

  /** Sends the message over SMTP (nothing to do without SMTP_URL); throws when the relay fails. */
  async deliver(mail: Mail): Promise<void> {
    if (!this.transport) return;
    try {
      await this.transport.sendMail({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    } finally {
      this.transport.close();
    }
  }

  /** Removes a recorded message whose delivery failed. */
  async discard(db: Executor, id: number): Promise<void> {
    await db.delete(outbox).where(eq(outbox.id, id));
  }
}
