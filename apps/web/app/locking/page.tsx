import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";

export const metadata: Metadata = { title: "Locking" };

export default function LockingPage() {
  const { productSymbol: s } = serverConfig();
  return (
    <ComingLater title="Locking">
      The locking overview will show your locked {s}, the r{s} you earned, your loyalty level and
      your share of protocol fees, and let you lock and unlock {s} for 30, 180, 360 or 720 days.
    </ComingLater>
  );
}
