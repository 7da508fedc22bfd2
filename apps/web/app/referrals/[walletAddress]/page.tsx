import { fill, pages } from "@lending/sdk";
import type { Metadata } from "next";
import { isAddress } from "viem";
import { PageHeader } from "@/components/layout/Page";
import { Template } from "@/components/ui/Template";
import { ReferralCapture } from "@/features/referrals/ReferralCapture";

const copy = pages.referral;

export const metadata: Metadata = { title: copy.metaTitle };

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
        <PageHeader title={copy.invalidTitle} />
        <p
          role="alert"
          className="max-w-3xl rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
        >
          {fill(copy.invalid, { address })}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={copy.title} />
      <p className="max-w-3xl text-slate-700">
        <Template
          text={copy.text}
          values={{
            address: (
              <span className="font-mono break-all text-slate-900">{address.toLowerCase()}</span>
            ),
          }}
        />
      </p>
      <ReferralCapture referrer={address} />
    </>
  );
}
