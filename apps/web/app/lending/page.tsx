import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { PoolList } from "@/features/lending/PoolList";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";

const copy = pages.lending;

export const metadata: Metadata = { title: copy.metaTitle };

export default function LendingPage() {
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <SubNav label={LENDING_TABS_LABEL} items={LENDING_TABS} />
      <PoolList />
    </>
  );
}
