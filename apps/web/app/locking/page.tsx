import { fill, locking, pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { ComingSoonGate } from "@/features/flags/ComingSoonGate";
import { LockingGate } from "@/features/locking/shell";

const copy = pages.locking;

export const metadata: Metadata = { title: copy.title };

export default function LockingPage() {
  const { productSymbol: product, features } = serverConfig();
  return (
    <>
      <PageHeader title={copy.title} lead={fill(locking.lead, { product })} />
      {features.tokenLaunch ? (
        <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      ) : null}
      {/* FEATURE_TOKEN_LAUNCH off: the Coming Soon modal over the page, nothing to lock */}
      {features.tokenLaunch ? (
        <LockingGate
          product={product}
          copy={{ loading: locking.loading, visitor: locking.visitor }}
        />
      ) : (
        <ComingSoonGate />
      )}
    </>
  );
}
