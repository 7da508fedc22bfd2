"use client";

import { registerDeployment } from "@lending/sdk/deployments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import type { PublicConfig } from "@/config/public";
import { ModalProvider } from "@/components/modal/ModalProvider";
import { createWalletSetup } from "@/features/wallet/wagmiConfig";
import { WalletStateProvider } from "@/features/wallet/WalletStateProvider";
import { pollWhileFailing, retryRead } from "@/lib/queries/recovery";
import { PublicConfigProvider } from "./PublicConfigContext";

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

/** Client-side context for the whole app: public config, react-query, wagmi, modals. */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  // before any child reads it (getDeployment): the deployment the server was configured with
  if (config.deployment) registerDeployment(config.deployment);
  const [setup] = useState(() => createWalletSetup(config));
  const [queryClient] = useState(createQueryClient);
  return (
    <PublicConfigProvider value={config}>
      <WagmiProvider config={setup.config} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>
          <WalletStateProvider devWallet={setup.devWallet}>
            <ModalProvider>{children}</ModalProvider>
          </WalletStateProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </PublicConfigProvider>
  );
}
