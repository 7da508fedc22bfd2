import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { MyTransactionsGate } from "@/features/history/MyTransactionsGate";

const copy = pages.myTransactions;

export const metadata: Metadata = { title: copy.title };

export default function MyTransactionsPage() {
  return (
    <>
      <PageHeader title={copy.title} lead={transactions.lead} />
      <MyTransactionsGate
        copy={{
          tableLabel: transactions.tableLabel,
          connectPrompt: transactions.connectPrompt,
          connect: transactions.connect,
        }}
      />
    </>
  );
}
