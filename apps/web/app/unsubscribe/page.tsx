import { epochMail } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { UnsubscribeForm } from "@/features/epoch-mails/UnsubscribeForm";

export const metadata: Metadata = { title: epochMail.pageTitle, robots: { index: false } };

/** The epoch mail's unsubscribe link (issue 28 item 4): no sign-in, one purpose. */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <>
      <PageHeader title={epochMail.pageTitle} />
      <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <UnsubscribeForm token={typeof token === "string" ? token.slice(0, 200) : ""} />
      </section>
    </>
  );
}
