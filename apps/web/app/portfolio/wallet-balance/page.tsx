import { wallet, walletBalance as copy } from "@lending/sdk";
import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/layout/Page";
import { SubNavView } from "@/components/layout/SubNavView";
import { WalletBalanceGate } from "@/features/portfolio/wallet-balance/shell";
import { walletTokens } from "@/server/services/wallet-tokens";
import { PORTFOLIO_TABS, PORTFOLIO_TABS_LABEL } from "@/features/portfolio/tabs";

export const metadata: Metadata = { title: copy.title };

export default async function WalletBalancePage() {
  // the token list depends on the running server's chain (and the local AMM's WETH)
  await connection();
  const tokens = await walletTokens();
  return (
    <>
      <SubNavView
        label={PORTFOLIO_TABS_LABEL}
        items={PORTFOLIO_TABS}
        pathname="/portfolio/wallet-balance"
      />
      <PageHeader title={copy.title} lead={copy.lead} />
      <WalletBalanceGate
        tokens={tokens}
        copy={{ connectPrompt: copy.connectPrompt, connectWallet: wallet.connectWallet }}
      />
    </>
  );
}
