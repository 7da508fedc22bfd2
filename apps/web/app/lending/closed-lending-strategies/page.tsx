import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";
import { StrategyList } from "../_components/StrategyList";

export const metadata: Metadata = { title: "Closed lending strategies" };

export default function ClosedStrategiesPage() {
  return (
    <>
      <PageHeader
        title="Closed lending strategies"
        lead="Strategies that take no new deposits: every tranche has reached its capacity and no fixed-term option is offered. Existing positions keep earning and can be withdrawn as usual."
      />
      <SubNav label="Lending" items={LENDING_TABS} />
      <StrategyList status="closed" empty="There are no closed lending strategies." />
    </>
  );
}
