import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";
import { Prose, Section } from "../_components/Prose";

export const metadata: Metadata = { title: "Risk warning" };

export default function RiskWarningPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <PageHeader
        title="Risk warning"
        lead="Lending to private-credit borrowers is a high-risk investment. Read this warning in full before you deposit, and only lend what you can afford to lose."
      />
      <Prose>
        <p className="rounded-2xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          Your capital is at risk. You may lose part or all of the amount you lend. Past or
          displayed returns are not a reliable indicator of future returns, and nothing on this site
          is investment, legal or tax advice.
        </p>
        <Section title="Loss of capital">
          <p>
            The pools lend to businesses. Borrowers can pay late, restructure their loans or
            default, and recoveries after a default can take a long time and may be partial or nil.
            Any loss is borne by the lenders of the pool. Deposits are not bank deposits and are not
            covered by any deposit guarantee or investor compensation scheme.
          </p>
        </Section>
        <Section title="Returns are not guaranteed">
          <p>
            Variable APYs are set per tranche and can change every epoch. A fixed APY applies only
            for the fixed term you choose and only while the borrowers pay. The earnings simulator
            shows an estimate, not a promise.
          </p>
        </Section>
        <Section title="Subordination">
          <p>
            Each pool is split into tranches. Junior tranches absorb losses before the more senior
            ones and the senior lender is repaid first. A higher APY on a junior tranche is
            compensation for a higher chance of loss, not a safer return. See{" "}
            <Link href="/docs#subordination-of-loans" className="underline">
              subordination of loans
            </Link>
            .
          </p>
        </Section>
        <Section title="Liquidity and withdrawal queues">
          <p>
            Your money is lent out for the term of the loans. Deposit and withdrawal requests are
            processed only at the end of each 7-day epoch, in the clearing period. A withdrawal is
            paid only from the liquidity available at that time; the rest stays queued for later
            epochs and may take a long time to be paid. Fixed-term deposits cannot be withdrawn
            before the end of their term. You may not get your money back when you want it.
          </p>
        </Section>
        <Section title="Smart contract and network risk">
          <p>
            The pools run on smart contracts on a public blockchain. Contracts can contain bugs or
            be exploited, the network can be congested or halted, and the USDC stablecoin can lose
            its peg or be frozen by its issuer. Transactions on the chain cannot be reversed. You
            are responsible for the security of your wallet and its keys.
          </p>
        </Section>
        <Section title="Identity verification (KYC)">
          <p>
            You must pass identity verification before you lend. Verification can be refused,
            delayed or withdrawn, and your access can be restricted where the law requires it,
            including while funds are deposited.
          </p>
        </Section>
        <Section title="Regulatory and tax risk">
          <p>
            The rules for digital assets and private credit change and differ by country. A change
            in law can affect the product or your access to it. You are responsible for any tax on
            your returns.
          </p>
        </Section>
        <p>
          Before you lend, read the{" "}
          <Link href="/lending/important-information-document" className="underline">
            important information document
          </Link>
          .
        </p>
      </Prose>
    </>
  );
}
