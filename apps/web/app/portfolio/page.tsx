import { pages, portfolio, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { serverConfig } from "@/config/server";
import { Portfolio } from "@/features/portfolio/PortfolioConnect";
import { PORTFOLIO_TABS, PORTFOLIO_TABS_LABEL } from "@/features/portfolio/tabs";

const copy = pages.portfolio;

export const metadata: Metadata = { title: copy.title };

export default function PortfolioPage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
      <SubNavView label={PORTFOLIO_TABS_LABEL} items={PORTFOLIO_TABS} pathname="/portfolio" />
      <PageHeader title={copy.title} lead={portfolio.lead} />
      <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      <Portfolio
        product={product}
        copy={{
          connectTitle: portfolio.connectTitle,
          connectText: portfolio.connectText,
          connect: portfolio.connect,
          loading: portfolio.loading,
        }}
      />
    </>
  );
}
