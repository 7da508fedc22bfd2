import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { PoolList } from "@/features/lending/PoolList";
import { LENDING_TABS } from "@/features/lending/tabs";

export const metadata: Metadata = { title: "Lending" };

export default function LendingPage() {
  return (
    <>
      <PageHeader
        title="Lending strategies"
        lead="Deposit USDC into a tranche of a lending pool. Variable APYs are per tranche; requests are processed at the end of each epoch."
      />
      <SubNav label="Lending" items={LENDING_TABS} />
      <PoolList />
    </>
  );
}
