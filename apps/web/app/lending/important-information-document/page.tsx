import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";
import { Prose, Section } from "../_components/Prose";

export const metadata: Metadata = { title: "Important information" };

export default function ImportantInformationPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <PageHeader
        title="Important information document"
        lead="The terms and conditions that apply to every deposit and withdrawal. By lending you accept them; read them before you lend."
      />
      <Prose>
        <Section title="1. Eligibility">
          <p>
            You may lend only after completing identity verification (KYC) with our provider, and
            only if lending is lawful for you where you live. You lend for your own account, from a
            wallet that you control.
          </p>
        </Section>
        <Section title="2. Deposits">
          <p>
            A deposit is a request to lend USDC to one tranche of a lending pool, subject to the
            tranche&apos;s minimum and maximum deposit per epoch and to its capacity. Before each
            deposit you sign a Loan Contract that states its terms; a generated Loan Contract is
            valid for 5 minutes. Requests are processed in the clearing period at the end of the
            epoch: they can be accepted in full or in part, reallocated to another tranche, or
            rejected, in which case the amount is returned. A request can be cancelled until it is
            processed.
          </p>
        </Section>
        <Section title="3. Interest and fees">
          <p>
            Interest accrues per epoch at the tranche&apos;s variable APY, or at the fixed APY of
            the fixed term you chose. A performance fee of 10% of the interest is deducted; half of
            it funds fee sharing for token lockers. APYs shown are gross unless stated otherwise.
          </p>
        </Section>
        <Section title="4. Withdrawals">
          <p>
            A withdrawal is a request processed at the end of an epoch, paid to the wallet that made
            the deposit from the liquidity available. An amount that cannot be paid stays queued for
            the following epochs. Fixed-term deposits can be withdrawn at the end of their term,
            with a request made the required number of epochs in advance; otherwise they convert to
            the variable APY.
          </p>
        </Section>
        <Section title="5. Losses">
          <p>
            Losses of a pool are borne by its tranches in order of seniority, junior first. You can
            lose part or all of your deposit. See the{" "}
            <Link href="/lending/risk-warning" className="underline">
              risk warning
            </Link>
            .
          </p>
        </Section>
        <Section title="6. Records and notices">
          <p>
            The chain is the record of deposits, withdrawals and balances. Signed Loan Contracts can
            be downloaded from your portfolio. Notices are sent to the email address you give during
            verification.
          </p>
        </Section>
        <Section title="7. Changes">
          <p>
            These terms can change. A change applies to requests made after it is published here;
            the Loan Contract you signed governs your existing deposits.
          </p>
        </Section>
      </Prose>
    </>
  );
}
