import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";

export const metadata: Metadata = { title: "My transactions" };

export default function MyTransactionsPage() {
  return (
    <ComingLater title="My transactions">
      Your deposit and withdrawal requests and their status in each epoch will be listed here, with
      the option to cancel requests that are still pending.
    </ComingLater>
  );
}
