import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";

export const metadata: Metadata = { title: "Closed lending strategies" };

export default function ClosedStrategiesPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <ComingLater title="Closed lending strategies">
        Lending strategies that no longer accept deposits will be listed here, with their history
        and final performance.
      </ComingLater>
    </>
  );
}
