// @vitest-environment node
import { createServer, type AddressInfo, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, rateLimits } from "../db/schema";
import { setupApiTestDatabase } from "../test/harness";
import { requestLoginCode, verifyLoginCode } from "./email-login";
import { MAIL_AUDIT_KEEP_MS, Mailer } from "./mail";

/** A minimal SMTP relay that accepts every message and keeps its DATA. */
function fakeRelay(): { server: Server; received: string[] } {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | undefined;
    let buffer = "";
    socket.write("220 relay.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (data !== undefined) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          received.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = undefined;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 relay.test\r\n");
        else if (verb === "DATA") {
          data = "";
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  return { server, received };
}

describe("the mail outbox (issue 24, item 6)", () => {
  const t = setupApiTestDatabase();
  const relay = fakeRelay();
  let smtpUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => relay.server.listen(0, "127.0.0.1", resolve));
    smtpUrl = `smtp://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => relay.server.close(resolve));
  });
  beforeEach(async () => {
    await t.db().delete(rateLimits);
  });

  it("with SMTP the outbox keeps only the audit of a send (to, subject, time), never the sign-in code", async () => {
    const email = "audit@example.org";
    await requestLoginCode(t.db(), {
      email,
      ip: "10.1.1.1",
      appName: "Lending",
      mail: { smtpUrl, from: "noreply@lending.test" },
    });
    // the code reached the mailbox ...
    const delivered = relay.received.at(-1) ?? "";
    const code = /sign-in code is (\d{6})/.exec(delivered)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // ... and nothing of the body was kept
    const rows = await t.db().select().from(outbox).where(eq(outbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to: email,
      subject: "Lending: your sign-in code",
      text: "",
      transport: "smtp",
    });
    expect(JSON.stringify(rows)).not.toContain(code!);
    // the live code still signs in: only the mailbox holds it
    expect(await verifyLoginCode(t.db(), { email, code: code!, ip: "10.1.1.1" })).toBe(email);
  });

  it("audit rows older than 30 days are deleted at the next send; the local outbox keeps whole mail", async () => {
    const old = new Date(Date.now() - MAIL_AUDIT_KEEP_MS - 60_000);
    const recent = new Date(Date.now() - MAIL_AUDIT_KEEP_MS + 60 * 60_000);
    const row = (to: string, transport: "smtp" | "outbox", createdAt: Date) => ({
      from: "noreply@lending.test",
      to,
      subject: "s",
      text: transport === "smtp" ? "" : "kept",
      transport,
      createdAt,
    });
    await t
      .db()
      .insert(outbox)
      .values([
        row("old-smtp@example.org", "smtp", old),
        row("recent-smtp@example.org", "smtp", recent),
        row("old-local@example.org", "outbox", old),
      ]);
    const smtp = new Mailer({ smtpUrl, from: "noreply@lending.test" });
    const mail = { to: "next@example.org", subject: "Hello", text: "Secret body 123456" };
    await smtp.record(t.db(), mail);
    const left = (await t.db().select().from(outbox)).map((r) => r.to);
    expect(left).not.toContain("old-smtp@example.org");
    expect(left).toEqual(
      expect.arrayContaining(["recent-smtp@example.org", "old-local@example.org"]),
    );
    // the local transport (no SMTP_URL) is the mailbox: it keeps the body
    const local = new Mailer({ from: "noreply@lending.test" });
    const id = await local.record(t.db(), { ...mail, to: "local@example.org" });
    const [kept] = await t.db().select().from(outbox).where(eq(outbox.id, id));
    expect(kept).toMatchObject({ text: "Secret body 123456", transport: "outbox" });
  });
});
