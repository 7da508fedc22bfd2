import { eq } from "drizzle-orm";
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

/**
 * Sends mail over SMTP (SMTP_URL) from MAIL_FROM, and records every message in the `outbox`
 * table. Without SMTP_URL the outbox is the only destination (the local default; /dev/outbox
 * lists it on the local chain). Recording ({@link Mailer.record}, inside the caller's
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

  /** Writes the message to the outbox (in `db`, the caller's transaction); answers its id. */
  async record(db: Executor, mail: Mail): Promise<number> {
    const [row] = await db
      .insert(outbox)
      .values({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        transport: this.transport ? "smtp" : "outbox",
      })
      .returning({ id: outbox.id });
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
