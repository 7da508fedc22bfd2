import { desc } from "drizzle-orm";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatDateTime } from "@lending/sdk";
import { PageHeader } from "@/components/layout/Page";
import { database } from "@/server/context";
import { localOnlyAvailable } from "@/server/dev/local-only";
import { outbox } from "@/server/db/schema";

export const metadata: Metadata = { title: "Outbox (local)" };
export const dynamic = "force-dynamic";

/**
 * Local chain only (chain 31337 on a real anvil, the guard every local-only surface shares): the
 * mail the server sent or would have sent (no SMTP needed locally). It shows live sign-in codes,
 * so anywhere else it does not exist.
 */
export default async function OutboxPage() {
  if (!(await localOnlyAvailable())) notFound();
  const mails = await (await database()).select().from(outbox).orderBy(desc(outbox.id)).limit(100);
  return (
    <>
      <PageHeader
        title="Outbox"
        lead="Mail sent by this local installation, newest first (last 100)."
      />
      {mails.length === 0 ? (
        <p className="text-slate-600">No mail yet.</p>
      ) : (
        <ul className="space-y-4">
          {mails.map((m) => (
            <li
              key={m.id}
              data-testid="outbox-mail"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <p className="text-sm text-slate-500">
                {formatDateTime(m.createdAt)} - from {m.from} to {m.to} ({m.transport})
              </p>
              <h2 className="mt-1 font-semibold text-slate-900">{m.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-slate-700">{m.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
