import { pages } from "@lending/sdk";
import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";

const copy = pages.myTransactions;

export const metadata: Metadata = { title: copy.title };

export default function MyTransactionsPage() {
  return <ComingLater title={copy.title}>{copy.text}</ComingLater>;
}
