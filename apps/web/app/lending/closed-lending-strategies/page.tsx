import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { StrategyList } from "../_components/StrategyList";

const copy = pages.strategies.closed;

export const metadata: Metadata = { title: copy.title };

export default function ClosedStrategiesPage() {
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <SubNavView
        label={LENDING_TABS_LABEL}
        items={LENDING_TABS}
        pathname="/lending/closed-lending-strategies"
      />
      <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      <StrategyList status="closed" empty={copy.empty} />
    </>
  );
}
