import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { MyTransactionsGate } from "@/features/history/MyTransactionsGate";
import { PORTFOLIO_TABS, PORTFOLIO_TABS_LABEL } from "@/features/portfolio/tabs";

const copy = pages.myTransactions;

export const metadata: Metadata = { title: copy.title };

export default function MyTransactionsPage() {
  return (
    <>
      <SubNavView
        label={PORTFOLIO_TABS_LABEL}
        items={PORTFOLIO_TABS}
        pathname="/portfolio/my-transactions"
      />
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
