import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";

export const metadata: Metadata = { title: "Fully subscribed lending strategies" };

export default function FullySubscribedStrategiesPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <ComingLater title="Fully subscribed lending strategies">
        Lending strategies whose tranches have reached their capacity will be listed here. They
        accept new deposits again when capacity frees up in a later epoch.
      </ComingLater>
    </>
  );
}
