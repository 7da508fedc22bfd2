import { pages, portfolio, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { LazyIndexerLagNotice as IndexerLagNotice } from "@/components/indexer/LazyIndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";
import { Portfolio } from "@/features/portfolio/PortfolioConnect";

const copy = pages.portfolio;

export const metadata: Metadata = { title: copy.title };

export default function PortfolioPage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
      <PageHeader title={copy.title} lead={portfolio.lead} />
      <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      <Portfolio product={product} />
    </>
  );
}
