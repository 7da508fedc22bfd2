import { fill, pages, rewards } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { RewardsGate } from "@/features/rewards/shell";

const copy = pages.bonusAndRewards;

export const metadata: Metadata = { title: copy.title };

export default function BonusAndRewardsPage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
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
