import {
  CLEARING_PERIOD_SECONDS,
  EPOCH_DURATION_SECONDS,
  fill,
  formatPercent,
  grossToNetApy,
  LOAN_CONTRACT_VALIDITY_MS,
  LOCKER_FEE_SHARE_BPS,
  LOYALTY_BONUS_APY,
  LOYALTY_LEVEL_1_PERCENT,
  LOYALTY_LEVEL_2_PERCENT,
  MIN_LOCK_DISPLAY,
  pages,
  PERFORMANCE_FEE_BPS,
  BPS,
} from "@lending/sdk";
import type { Metadata } from "next";
import { AppLink } from "@/components/ui/AppLink";
import { PageHeader } from "@/components/layout/Page";
import { LinkedText, Template } from "@/components/ui/Template";
import { serverConfig } from "@/config/server";
import { Prose, Section } from "../lending/_components/Prose";

const copy = pages.docs;

export const metadata: Metadata = { title: copy.metaTitle };

const DAY = 24 * 3600;
const EXAMPLE_GROSS_APY = 0.15;

export default function DocsPage() {
  const { productSymbol: product } = serverConfig();
  const epochDays = EPOCH_DURATION_SECONDS / DAY;
  const clearingHours = CLEARING_PERIOD_SECONDS / 3600;
  const fee = Number(PERFORMANCE_FEE_BPS) / Number(BPS);
  const lockerShare = Number(LOCKER_FEE_SHARE_BPS) / Number(BPS);
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <Prose>
        <Section title={copy.poolsTitle}>
          <p>{copy.pools}</p>
        </Section>
        <Section title={copy.epochsTitle}>
          <p>{fill(copy.epochs, { epochDays, clearingHours })}</p>
          <p>{fill(copy.contract, { minutes: LOAN_CONTRACT_VALIDITY_MS / 60_000 })}</p>
        </Section>
        <Section title={copy.fixedTermsTitle}>
          <p>{copy.fixedTerms}</p>
        </Section>
        <Section title={copy.feesTitle}>
          <p>
            {fill(copy.fees, {
              fee: formatPercent(fee, 0),
              lockerShare: formatPercent(fee * lockerShare, 0),
              product,
              grossApy: formatPercent(EXAMPLE_GROSS_APY, 0),
              netApy: formatPercent(grossToNetApy(EXAMPLE_GROSS_APY), 1),
            })}
          </p>
        </Section>
        <Section title={copy.loyaltyTitle}>
          <p>
            <Template
              text={copy.loyalty}
              values={{
                product,
                level1Percent: LOYALTY_LEVEL_1_PERCENT,
                level2Percent: LOYALTY_LEVEL_2_PERCENT,
                level1Bonus: formatPercent(LOYALTY_BONUS_APY[1], 1),
                level2Bonus: formatPercent(LOYALTY_BONUS_APY[2], 1),
                level1Lock: MIN_LOCK_DISPLAY[1],
                level2Lock: MIN_LOCK_DISPLAY[2],
                link: (
                  <AppLink href="/locking" className="underline">
                    {copy.loyaltyLink}
                  </AppLink>
                ),
              }}
            />
          </p>
        </Section>
        <Section id="subordination-of-loans" title={copy.subordinationTitle}>
          <p>
            <LinkedText
              text={copy.subordination}
              href="/lending/risk-warning"
              label={copy.subordinationLink}
            />
          </p>
        </Section>
      </Prose>
    </>
  );
}
