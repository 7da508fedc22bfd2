import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { LinkedText } from "@/components/ui/Template";
import { serverConfig } from "@/config/server";
import { Prose, Section } from "../lending/_components/Prose";

const copy = pages.borrow;

export const metadata: Metadata = { title: copy.metaTitle };

export default function BorrowPage() {
  const contact = serverConfig().mail.contact;
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <Prose>
        <Section title={copy.whoTitle}>
          <p>{copy.who}</p>
        </Section>
        <Section title={copy.setupTitle}>
          <p>{copy.setup}</p>
        </Section>
        <Section title={copy.drawdownsTitle}>
          <p>{copy.drawdowns}</p>
        </Section>
        <Section title={copy.askTitle}>
          <p>{copy.ask}</p>
        </Section>
        <Section title={copy.contactTitle}>
          <p>{copy.contactText}</p>
          {contact ? (
            <p>
              <a
                href={`mailto:${contact}?subject=${encodeURIComponent(copy.contactSubject)}`}
                data-testid="borrow-contact"
                className="inline-block rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700"
              >
                {copy.contactButton}
              </a>
            </p>
          ) : null}
          <p className="text-sm">
            <LinkedText text={copy.lenders} href="/docs" label={copy.lendersLink} />
          </p>
        </Section>
      </Prose>
    </>
  );
}
