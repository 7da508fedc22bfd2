import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";

export const metadata: Metadata = { title: "Bonus and rewards" };

export default function BonusAndRewardsPage() {
  const { productSymbol } = serverConfig();
  return (
    <ComingLater title="Bonus and rewards">
      Your loyalty bonus paid in {productSymbol}, your fee-sharing rewards and your referral rewards
      will be shown here.
    </ComingLater>
  );
}
