"use client";

/**
 * The wallet stack, loaded on demand (see ./store): wagmi, TanStack Query and the providers and
 * watchers of a wallet. Only `./store` imports this module (dynamically); components read it
 * through the hooks of `./index`.
 */
import { registerDeployment } from "@lending/sdk/deployments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import type { PublicConfig } from "@/config/public";
import { createWalletSetup } from "@/features/wallet/wagmiConfig";
import { WalletStateProvider } from "@/features/wallet/WalletStateProvider";
import { pollWhileFailing } from "@/lib/queries/recovery";
import { retryRead } from "@/lib/queries/retry";

export { useQuery, useQueryClient } from "@tanstack/react-query";
export { useChains, useClient, useConfig, useConnection, useSwitchChain } from "wagmi";
export { ModalProvider } from "@/components/modal/ModalProvider";
export { preloadModalNow as preloadModal } from "@/components/modal/registryModals";
export { WrongNetworkBar } from "@/features/wallet/WrongNetworkBar";
export { WalletWatchers } from "@/features/wallet/WalletWatchers";

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

/** wagmi, react-query and the wallet session around the page (mounted once the stack loads). */
export function LiveProviders({ config, children }: { config: PublicConfig; children: ReactNode }) {
  // before any child reads it (getDeployment; only code that loads with the stack does): the
  // deployment the server was configured with. Its check (viem's address checksum) stays out of
  // a visitor's first load.
  if (config.deployment) registerDeployment(config.deployment);
  const [setup] = useState(() => createWalletSetup(config));
  const [queryClient] = useState(createQueryClient);
  return (
    <WagmiProvider config={setup.config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <WalletStateProvider devWallet={setup.devWallet}>{children}</WalletStateProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
