import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { LinkedText } from "@/components/ui/Template";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { Prose, Section } from "../_components/Prose";

const copy = pages.riskWarning;

export const metadata: Metadata = { title: copy.metaTitle };

export default function RiskWarningPage() {
  return (
    <>
      <SubNavView
        label={LENDING_TABS_LABEL}
        items={LENDING_TABS}
        pathname="/lending/risk-warning"
      />
      <PageHeader title={copy.title} lead={copy.lead} />
      <Prose>
        <p className="rounded-2xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {copy.capitalAtRisk}
        </p>
        <Section title={copy.lossTitle}>
          <p>{copy.loss}</p>
        </Section>
        <Section title={copy.returnsTitle}>
          <p>{copy.returns}</p>
        </Section>
        <Section title={copy.subordinationTitle}>
          <p>
            <LinkedText
              text={copy.subordination}
              href="/docs#subordination-of-loans"
              label={copy.subordinationLink}
            />
          </p>
        </Section>
        <Section title={copy.liquidityTitle}>
          <p>{copy.liquidity}</p>
        </Section>
        <Section title={copy.contractsTitle}>
          <p>{copy.contracts}</p>
        </Section>
        <Section title={copy.kycTitle}>
          <p>{copy.kyc}</p>
        </Section>
        <Section title={copy.regulatoryTitle}>
          <p>{copy.regulatory}</p>
        </Section>
        <p>
          <LinkedText
            text={copy.readTerms}
            href="/lending/important-information-document"
            label={copy.readTermsLink}
          />
        </p>
      </Prose>
    </>
  );
}
