import { pages, transactions } from "@lending/sdk";
import type { Metadata } from "next";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { RefreshEvery } from "@/components/ui/RouteRefresh";
import { serverConfig } from "@/config/server";
import { PoolList } from "@/features/lending/PoolList";
import { LENDING_TABS, LENDING_TABS_LABEL } from "@/features/lending/tabs";
import { appChains } from "@/features/wallet/chains";
import { initialPools, initialReadFailure, poolsWithNotice } from "@/server/services/initial-reads";

const copy = pages.lending;

/** The pools are read again (the page rendered again on the server) this often, as before. */
const POOLS_REFRESH_MS = 60_000;

export const metadata: Metadata = { title: copy.metaTitle };

/**
 * /lending: the open pools, rendered on the server from its shared chain reads (issue 26: a
 * visitor's page carries no client query, only the Lend and repayments buttons); rendered again
 * every {@link POOLS_REFRESH_MS}, and by the error panel's Retry.
 */
export default async function LendingPage() {
  const config = serverConfig();
  const [pools, withNotice] = await Promise.all([initialPools(config), poolsWithNotice(config)]);
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <SubNavView label={LENDING_TABS_LABEL} items={LENDING_TABS} pathname="/lending" />
      <IndexerLagNotice text={transactions.behindPage} className="mb-6" />
      <PoolList
        pools={pools?.data}
        error={pools ? undefined : initialReadFailure("pools", config)}
        withNotice={withNotice}
        chainName={appChains(config.chainId, config.rpcUrl)[0].name}
        unreleased={config.features.unreleased}
      />
      <RefreshEvery ms={POOLS_REFRESH_MS} />
    </>
  );
}
