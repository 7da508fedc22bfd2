import { fill, pages, rewards } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { RewardsPage } from "@/features/rewards/RewardsPage";

const copy = pages.bonusAndRewards;

export const metadata: Metadata = { title: copy.title };

export default function BonusAndRewardsPage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
      <PageHeader title={copy.title} lead={fill(rewards.lead, { product })} />
      <RewardsPage product={product} />
    </>
  );
}
