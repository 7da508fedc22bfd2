import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { PoolList } from "@/features/lending/PoolList";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { initialPools } from "@/server/services/initial-reads";

const copy = pages.lending;

export const metadata: Metadata = { title: copy.metaTitle };

export default async function LendingPage() {
  // the pools are in the first HTML; the browser reads them again only once they are stale
  const initial = await initialPools();
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <SubNavView label={LENDING_TABS_LABEL} items={LENDING_TABS} pathname="/lending" />
      <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      <PoolList initial={initial} />
    </>
  );
}
