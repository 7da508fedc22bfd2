import { kyc } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { localKycProvider } from "@/server/services/kyc";
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
  const valid = typeof session === "string" && /^[0-9a-f]{48}$/.test(session);
  // the entity type was signed in the challenge: the form shows it and cannot change it
  const signedIsIndividual = valid
    ? await (await localKycProvider()).sessionEntity(session).catch(() => undefined)
    : undefined;
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      {valid ? (
        <LocalKycForm session={session} signedIsIndividual={signedIsIndividual} />
      ) : (
        <p className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
          {copy.noSession}
        </p>
      )}
    </>
  );
}
