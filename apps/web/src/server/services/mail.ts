import nodemailer, { type Transporter } from "nodemailer";
import type { Executor } from "../db/types";
import { outbox } from "../db/schema";

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends mail over SMTP (SMTP_URL) from MAIL_FROM, and records every message in the `outbox`
 * table. Without SMTP_URL the outbox is the only destination (the local default; /dev/outbox
 * lists it on the local chain).
 */
export class Mailer {
  private transport?: Transporter;
  constructor(
    private readonly db: Executor,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    }
    await this.db.insert(outbox).values({
      from: this.opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      transport: this.transport ? "smtp" : "outbox",
    });
  }
}
