import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { LocalKycForm } from "./LocalKycForm";

export const metadata: Metadata = { title: "Identity verification" };

/** The built-in (local) KYC provider's widget, opened from a signed /api/kyc-challenge. */
export default async function LocalKycPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { session } = await searchParams;
  return (
    <>
      <PageHeader
        title="Identity verification"
        lead="The built-in verification of this installation: state who lends, and the team reviews it."
      />
      {typeof session === "string" && /^[0-9a-f]{48}$/.test(session) ? (
        <LocalKycForm session={session} />
      ) : (
        <p className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
          This page opens from the verification step of the app. Start the verification again from
          the lending page.
        </p>
      )}
    </>
  );
}
