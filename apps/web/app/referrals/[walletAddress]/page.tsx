import type { Metadata } from "next";
import { isAddress } from "viem";
import { PageHeader } from "@/components/layout/Page";

export const metadata: Metadata = { title: "Referral" };

export default async function ReferralPage({
  params,
}: {
  params: Promise<{ walletAddress: string }>;
}) {
  const { walletAddress } = await params;
  const address = decodeURIComponent(walletAddress);
  if (!isAddress(address, { strict: false })) {
    return (
      <>
        <PageHeader title="Invalid referral link" />
        <p
          role="alert"
          className="max-w-3xl rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
        >
          “{address}” is not a valid wallet address. Ask the person who referred you for their full
          referral link.
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="You were referred" />
      <p className="max-w-3xl text-slate-700">
        This referral link belongs to{" "}
        <span className="font-mono break-all text-slate-900">{address.toLowerCase()}</span>.
        Connecting your wallet to apply the referral code will be available here; only new users who
        have not deposited yet are eligible.
      </p>
    </>
  );
}
