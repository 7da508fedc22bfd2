import { fill, pages, rewards } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { serverConfig } from "@/config/server";
import { RewardsGate } from "@/features/rewards/shell";
import { PORTFOLIO_TABS, PORTFOLIO_TABS_LABEL } from "@/features/portfolio/tabs";

const copy = pages.bonusAndRewards;

export const metadata: Metadata = { title: copy.title };

export default function BonusAndRewardsPage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
      <SubNavView
        label={PORTFOLIO_TABS_LABEL}
        items={PORTFOLIO_TABS}
        pathname="/portfolio/bonus-and-rewards"
      />
      <PageHeader title={copy.title} lead={fill(rewards.lead, { product })} />
      <RewardsGate
        product={product}
        copy={{
          loading: rewards.loading,
          connectText: rewards.connectText,
          connect: rewards.connect,
        }}
      />
    </>
  );
}
