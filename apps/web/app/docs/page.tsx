import {
  CLEARING_PERIOD_SECONDS,
  EPOCH_DURATION_SECONDS,
  formatPercent,
  grossToNetApy,
  LOAN_CONTRACT_VALIDITY_MS,
  LOCKER_FEE_SHARE_BPS,
  LOYALTY_BONUS_APY,
  LOYALTY_LEVEL_1_PERCENT,
  LOYALTY_LEVEL_2_PERCENT,
  MIN_LOCK_DISPLAY,
  PERFORMANCE_FEE_BPS,
  BPS,
} from "@lending/sdk";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { Prose, Section } from "../lending/_components/Prose";

export const metadata: Metadata = { title: "Documentation" };

const DAY = 24 * 3600;
const EXAMPLE_GROSS_APY = 0.15;

export default function DocsPage() {
  const { productSymbol: s } = serverConfig();
  const epochDays = EPOCH_DURATION_SECONDS / DAY;
  const clearingHours = CLEARING_PERIOD_SECONDS / 3600;
  const fee = Number(PERFORMANCE_FEE_BPS) / Number(BPS);
  const lockerShare = Number(LOCKER_FEE_SHARE_BPS) / Number(BPS);
  return (
    <>
      <PageHeader
        title="Documentation"
        lead="How lending pools, tranches, epochs, fees and loyalty levels work."
      />
      <Prose>
        <Section title="Lending pools and tranches">
          <p>
            Each lending pool finances one borrower. A pool is split into tranches, from the most
            junior to the most senior. Each tranche has its own variable APY, a minimum and a
            maximum deposit per lender and epoch, and a capacity. When a tranche&apos;s capacity is
            reached it is oversubscribed until capacity frees up.
          </p>
        </Section>
        <Section title="Epochs and clearing">
          <p>
            The protocol runs in {epochDays}-day epochs. Deposit and withdrawal requests made during
            an epoch are processed in its clearing period, the last {clearingHours} hours of the
            epoch: deposits are accepted, reallocated to another tranche or rejected, and
            withdrawals are paid from the liquidity available, the rest staying queued for later
            epochs. Interest accrues per epoch. A request can be cancelled until it is processed.
          </p>
          <p>
            Before each deposit you generate and sign a Loan Contract. It is valid for{" "}
            {LOAN_CONTRACT_VALIDITY_MS / 60_000} minutes; after that generate a new one.
          </p>
        </Section>
        <Section title="Fixed terms">
          <p>
            Some tranches offer fixed terms: a fixed APY for a number of epochs instead of the
            variable APY. A fixed term may be open to everyone or to an allowlist. At the end of the
            term the deposit converts to the variable APY, unless you asked to withdraw it at
            expiry, which must be requested the pool&apos;s set number of epochs in advance.
          </p>
        </Section>
        <Section title="Fees">
          <p>
            A performance fee of {formatPercent(fee, 0)} of lender interest is deducted; half of it
            ({formatPercent(fee * lockerShare, 0)} of interest) funds fee sharing for {s} lockers.
            For example, a gross APY of {formatPercent(EXAMPLE_GROSS_APY, 0)} gives a net APY of{" "}
            {formatPercent(grossToNetApy(EXAMPLE_GROSS_APY), 1)}.
          </p>
        </Section>
        <Section title="Loyalty levels">
          <p>
            Locking {s} earns r{s}. Your loyalty level depends on the value of your r{s} as a
            percentage of your deposits: level 1 from {LOYALTY_LEVEL_1_PERCENT}%, level 2 from{" "}
            {LOYALTY_LEVEL_2_PERCENT}%. Levels 1 and 2 count as loyal and earn a bonus paid in {s}:{" "}
            {formatPercent(LOYALTY_BONUS_APY[1], 1)} a year at level 1 and{" "}
            {formatPercent(LOYALTY_BONUS_APY[2], 1)} at level 2. As a guide, level 1 starts at about{" "}
            {MIN_LOCK_DISPLAY[1]} {s} locked and level 2 at about {MIN_LOCK_DISPLAY[2]} {s}. See{" "}
            <Link href="/locking" className="underline">
              locking
            </Link>
            .
          </p>
        </Section>
        <Section id="subordination-of-loans" title="Subordination of loans">
          <p>
            Losses are absorbed by the most junior tranche first, then by the next one; the senior
            lender is repaid first and bears losses last. In exchange, junior tranches earn a higher
            interest rate. Choose a tranche for its risk, not only for its APY. See the{" "}
            <Link href="/lending/risk-warning" className="underline">
              risk warning
            </Link>
            .
          </p>
        </Section>
      </Prose>
    </>
  );
}
