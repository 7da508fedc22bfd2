"use client";

import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { PublicConfig } from "@/config/public";
import { VisitorModalProvider } from "@/components/modal/VisitorModalProvider";
import { StackContext } from "@/lib/stack";
import { connectionRemembered, liveStack, requestStack, subscribeStack } from "@/lib/stack/store";
import { WalletStateContext } from "@/features/wallet/walletState";
import { PublicConfigProvider } from "./PublicConfigContext";

const noStack = () => null;
const noSubscription = () => () => {};
/** A visitor's wallet button is usable once hydrated, unless a connection is being restored. */
const visitorReadyNow = () => !connectionRemembered();
const notYet = () => false;

/**
 * Client-side context for the whole app: public config and modals, and the wallet stack (wagmi,
 * react-query) once it is needed: a visitor's page renders without it (lib/stack); it loads when
 * they act, or at once when this browser remembers a connection. Loading it mounts the page's
 * client tree again under the wallet providers.
 */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const live = useSyncExternalStore(subscribeStack, liveStack, noStack);
  const visitorReady = useSyncExternalStore(noSubscription, visitorReadyNow, notYet);
  useEffect(() => {
    if (connectionRemembered()) requestStack();
  }, []);
  return (
    <PublicConfigProvider value={config}>
      {live ? (
        <live.LiveProviders config={config}>
          <StackContext.Provider value={live}>
            <live.ModalProvider>{children}</live.ModalProvider>
          </StackContext.Provider>
        </live.LiveProviders>
      ) : (
        <WalletStateContext.Provider value={{ ready: visitorReady }}>
          <VisitorModalProvider>{children}</VisitorModalProvider>
        </WalletStateContext.Provider>
      )}
    </PublicConfigProvider>
  );
}
