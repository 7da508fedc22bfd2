import { kyc } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { LocalKycForm } from "./LocalKycForm";

const copy = kyc.local;

export const metadata: Metadata = { title: copy.title };

/** The built-in (local) KYC provider's widget, opened from a signed /api/kyc-challenge. */
export default async function LocalKycPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { session } = await searchParams;
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      {typeof session === "string" && /^[0-9a-f]{48}$/.test(session) ? (
        <LocalKycForm session={session} />
      ) : (
        <p className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
          {copy.noSession}
        </p>
      )}
    </>
  );
}
