import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";

export const metadata: Metadata = { title: "Important information" };

export default function ImportantInformationPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <ComingLater title="Important information document">
        The terms and conditions that apply to every deposit and withdrawal will be published on
        this page. Read them before you lend.
      </ComingLater>
    </>
  );
}
