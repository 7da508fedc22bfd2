import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";

export const metadata: Metadata = { title: "My Portfolio" };

export default function PortfolioPage() {
  return (
    <ComingLater title="My Portfolio">
      Your portfolio will show your active and pending deposits per pool and tranche, the interest
      you earned, your fixed-term loans and your loyalty level.
    </ComingLater>
  );
}
