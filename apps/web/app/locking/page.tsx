import { fill, locking, pages } from "@lending/sdk";
import type { Metadata } from "next";
import { LazyIndexerLagNotice as IndexerLagNotice } from "@/components/indexer/LazyIndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { ComingSoonGate } from "@/features/flags/ComingSoonGate";
import { LockingOverview } from "@/features/locking/LockingOverview";

const copy = pages.locking;

export const metadata: Metadata = { title: copy.title };

export default function LockingPage() {
  const { productSymbol: product, features } = serverConfig();
  return (
    <>
      <PageHeader title={copy.title} lead={fill(locking.lead, { product })} />
      {features.tokenLaunch ? <IndexerLagNotice scope="page" className="mb-6" /> : null}
      {/* FEATURE_TOKEN_LAUNCH off: the Coming Soon modal over the page, nothing to lock */}
      {features.tokenLaunch ? <LockingOverview product={product} /> : <ComingSoonGate />}
    </>
  );
}
