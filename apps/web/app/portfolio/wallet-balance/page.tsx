import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";

export const metadata: Metadata = { title: "Wallet balance" };

export default function WalletBalancePage() {
  return (
    <ComingLater title="Wallet balance">
      The balances of the supported tokens in your connected wallet will be listed here.
    </ComingLater>
  );
}
