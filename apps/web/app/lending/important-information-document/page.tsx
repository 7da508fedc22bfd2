import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { Template } from "@/components/ui/Template";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { Prose, Section } from "../_components/Prose";

const copy = pages.terms;

export const metadata: Metadata = { title: copy.metaTitle };

export default function ImportantInformationPage() {
  return (
    <>
      <SubNav label={LENDING_TABS_LABEL} items={LENDING_TABS} />
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
            <Template
              text={copy.losses}
              values={{
                link: (
                  <Link href="/lending/risk-warning" className="underline">
                    {copy.lossesLink}
                  </Link>
                ),
              }}
            />
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
