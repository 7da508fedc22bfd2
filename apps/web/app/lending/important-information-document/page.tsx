import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { LinkedText } from "@/components/ui/Template";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { Prose, Section } from "../_components/Prose";

const copy = pages.terms;

export const metadata: Metadata = { title: copy.metaTitle };

export default function ImportantInformationPage() {
  return (
    <>
      <SubNavView
        label={LENDING_TABS_LABEL}
        items={LENDING_TABS}
        pathname="/lending/important-information-document"
      />
      <PageHeader title={copy.title} lead={copy.lead} />
      <Prose>
        <Section title={copy.eligibilityTitle}>
          <p>{copy.eligibility}</p>
        </Section>
        <Section title={copy.depositsTitle}>
          <p>{copy.deposits}</p>
        </Section>
        <Section title={copy.interestTitle}>
          <p>{copy.interest}</p>
        </Section>
        <Section title={copy.withdrawalsTitle}>
          <p>{copy.withdrawals}</p>
        </Section>
        <Section title={copy.lossesTitle}>
          <p>
            <LinkedText text={copy.losses} href="/lending/risk-warning" label={copy.lossesLink} />
          </p>
        </Section>
        <Section title={copy.recordsTitle}>
          <p>{copy.records}</p>
        </Section>
        <Section title={copy.changesTitle}>
          <p>{copy.changes}</p>
        </Section>
      </Prose>
    </>
  );
}
