"use client";

/**
 * The wallet stack, loaded on demand (see ./store): wagmi, TanStack Query and the providers and
 * watchers of a wallet. Only `./store` imports this module (dynamically); components read it
 * through the hooks of `./index`.
 */
import { registerDeployment } from "@lending/sdk/deployments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { WagmiProvider, type Config } from "wagmi";
import type { PublicConfig } from "@/config/public";
import type { DevWalletProvider } from "@/features/wallet/devWalletProvider";
import { createWalletSetup } from "@/features/wallet/wagmiConfig";
import { WalletStateProvider } from "@/features/wallet/WalletStateProvider";
import type { WalletState } from "@/features/wallet/walletState";
import { pollWhileFailing } from "@/lib/queries/recovery";
import { retryRead } from "@/lib/queries/retry";

export { QueryObserver, notifyManager } from "@tanstack/react-query";
export { deepEqual } from "wagmi";
export { getClient, getConnection, watchClient, watchConnection } from "wagmi/actions";
export { MODALS, preloadModalNow as preloadModal } from "@/components/modal/registryModals";
export { WrongNetworkBar } from "@/features/wallet/WrongNetworkBar";
export { WalletWatchers } from "@/features/wallet/WalletWatchers";

/**
 * Code a connected page loads after the stack, imported from this module (through ./chunks).
 * Turbopack leaves out of a dynamic import's chunks only the modules its importer's chunks
 * already hold: imported from a page's own module, the SDK's reads carried their own copy of
 * viem's core and hashes, loaded twice with the stack (about 9 KB gzip on /lending, issue 26).
 */
export const chunks = {
  chainReads: () => import("@/lib/queries/sdk"),
  tokenReads: () => import("@/lib/queries/tokenReads"),
  lockingReads: () => import("@/lib/queries/lockingReads"),
  fillPreviewReads: () => import("@/lib/queries/fillPreviewReads"),
  lendFormRead: () => import("@/lib/queries/lendFormRead"),
  tx: () => import("@/lib/tx/lazy"),
};

/**
 * A connected page's own view, which renders only once a wallet is connected (so after the stack),
 * imported from here for the same reason as `chunks`: its chunk then leaves out the modules the
 * stack's chunks hold (the wallet copy, the read errors, the query keys and clients, the API
 * client), which a page's own chunk carried a second time (about 1.5 KB gzip a route, issue 26).
 */
export const views = {
  portfolioSummary: () => import("@/features/portfolio/PortfolioSummary"),
  walletBalance: () => import("@/features/portfolio/wallet-balance/WalletBalance"),
  lockingOverview: () => import("@/features/locking/LockingOverview"),
  rewardsPage: () => import("@/features/rewards/RewardsPage"),
  myTransactions: () => import("@/features/history/MyTransactions"),
};

/** The demo controls' panel (local chain only), loaded on its first opening. */
export const DevPanel = dynamic(() => import("@/features/dev/DevPanel"), { ssr: false });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // a failed read shows its error quickly and is polled until it answers (issue 25)
      queries: {
        staleTime: 10_000,
        retry: retryRead,
        refetchInterval: pollWhileFailing(),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The one wagmi config and query client of this page, made when the stack loads. */
export interface SharedStack {
  wagmiConfig: Config;
  queryClient: QueryClient;
  devWallet?: DevWalletProvider;
}

/**
 * The page's wagmi config and query client, made once by the page's providers when the stack
 * loads (providers/Providers): their contexts' values around the page, so the page's tree stays
 * where it was.
 */
export function createSharedStack(config: PublicConfig): SharedStack {
  // before any child reads it (getDeployment; only code that loads with the stack does): the
  // deployment the server was configured with. Its check (viem's address checksum) stays out of
  // a visitor's first load.
  if (config.deployment) registerDeployment(config.deployment);
  const setup = createWalletSetup(config);
  return {
    wagmiConfig: setup.config,
    queryClient: createQueryClient(),
    devWallet: setup.devWallet,
  };
}

/**
 * What wagmi's and TanStack Query's providers do besides giving their context (wagmi's state
 * hydration, the query client's focus/online subscription) and the wallet session, mounted beside
 * the page once the stack loads. It renders nothing; the wallet state goes to `onWalletState`.
 */
export function LiveRoot({
  shared,
  onWalletState,
}: {
  shared: SharedStack;
  onWalletState: (state: WalletState) => void;
}) {
  const { wagmiConfig, queryClient, devWallet } = shared;
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <WalletStateProvider devWallet={devWallet} onState={onWalletState} />
      </QueryClientProvider>
    </WagmiProvider>
  );
}
