import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { Prose, Section } from "../lending/_components/Prose";

export const metadata: Metadata = { title: "Borrow" };

export default function BorrowPage() {
  const contact = serverConfig().mail.contact;
  return (
    <>
      <PageHeader
        title="Borrow"
        lead="Lending pools finance established businesses and credit funds. This page explains how borrowing through the protocol works."
      />
      <Prose>
        <Section title="Who can borrow">
          <p>
            Borrowers are businesses with a track record of lending or of revenue that can be
            verified: specialist lenders, credit funds and operating companies. The protocol does
            not lend to individuals. Every borrower is identified and reviewed before a pool is
            opened for it.
          </p>
        </Section>
        <Section title="How a pool is set up">
          <p>
            Each borrower has its own lending pool, split into tranches from junior to senior with
            their own interest rate, deposit limits and capacity. A delegate reviews the borrower,
            agrees the terms and manages the pool: drawdowns, repayments and decisions on individual
            loans.
          </p>
        </Section>
        <Section title="Drawdowns and repayments">
          <p>
            Lenders&apos; deposits are accepted at the end of each 7-day epoch, during the clearing
            period. The borrower draws down the accepted funds in USDC and pays interest every
            epoch; repayments fund lenders&apos; withdrawals. Repayment figures are published per
            pool so lenders can follow the performance of the loan book.
          </p>
        </Section>
        <Section title="What we ask of borrowers">
          <p>
            Regular reporting on the loan book, timely interest payments, notice of any arrears or
            losses, and acceptance of lenders&apos; opt-in or opt-out decisions on identified end
            borrowers within 2 days.
          </p>
        </Section>
        <Section title="Talk to us">
          <p>
            If your business wants to borrow, tell us about it: what you finance, the amount and
            term you need, and your track record. We answer every request.
          </p>
          {contact ? (
            <p>
              <a
                href={`mailto:${contact}?subject=Borrowing%20enquiry`}
                data-testid="borrow-contact"
                className="inline-block rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700"
              >
                Contact the team
              </a>
            </p>
          ) : null}
          <p className="text-sm">
            Lenders: see the{" "}
            <Link href="/docs" className="underline">
              documentation
            </Link>{" "}
            for how pools work.
          </p>
        </Section>
      </Prose>
    </>
  );
}
