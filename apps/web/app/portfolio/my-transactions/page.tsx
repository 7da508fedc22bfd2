import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { MyTransactions } from "@/features/history/MyTransactions";

const copy = pages.myTransactions;

export const metadata: Metadata = { title: copy.title };

export default function MyTransactionsPage() {
  return (
    <>
      <PageHeader title={copy.title} lead={transactions.lead} />
      <MyTransactions />
    </>
  );
}
