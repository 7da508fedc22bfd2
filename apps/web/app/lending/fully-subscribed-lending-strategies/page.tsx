import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";
import { StrategyList } from "../_components/StrategyList";

export const metadata: Metadata = { title: "Fully subscribed lending strategies" };

export default function FullySubscribedStrategiesPage() {
  return (
    <>
      <PageHeader
        title="Fully subscribed lending strategies"
        lead="Strategies whose tranches have all reached their capacity. They accept new deposits again when capacity frees up in a later epoch."
      />
      <SubNav label="Lending" items={LENDING_TABS} />
      <StrategyList
        status="fullySubscribed"
        empty="There are no fully subscribed lending strategies."
      />
    </>
  );
}
