"use client";

import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import type { PublicConfig } from "@/config/public";
import { ModalProvider } from "@/components/modal/ModalProvider";
import { QueryClientContext, StackContext, WagmiContext } from "@/lib/stack";
import { connectionRemembered, liveStack, requestStack, subscribeStack } from "@/lib/stack/store";
import { WalletStateContext, type WalletState } from "@/features/wallet/walletState";
import { PublicConfigProvider } from "./PublicConfigContext";

const noStack = () => null;
const noSubscription = () => () => {};
/** A visitor's wallet button is usable once hydrated, unless a connection is being restored. */
const visitorReadyNow = () => !connectionRemembered();
const notYet = () => false;
const NOT_READY: WalletState = { ready: false };
const VISITOR_READY: WalletState = { ready: true };

/**
 * Client-side context for the whole app: public config and modals, and the wallet stack (wagmi,
 * react-query) once it is needed: a visitor's page renders without it (lib/stack); it loads when
 * they act, or at once when this browser remembers a connection.
 *
 * The providers around the page are the same before and after it loads (their values change):
 * the page is never mounted again, so what the user typed, an open dialog and the scroll
 * survive. What wagmi's and TanStack Query's providers do besides giving their context (and the
 * wallet session) runs beside the page, in the stack's LiveRoot.
 */
export function Providers({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const live = useSyncExternalStore(subscribeStack, liveStack, noStack);
  const visitorReady = useSyncExternalStore(noSubscription, visitorReadyNow, notYet);
  const [liveWallet, setLiveWallet] = useState<WalletState | null>(null);
  const onWalletState = useCallback((state: WalletState) => setLiveWallet(state), []);
  useEffect(() => {
    if (connectionRemembered()) requestStack();
  }, []);
  // made once, when the stack loads (the config of a page load does not change; a refreshed
  // layout's copy must not make a second wagmi config, which would drop the connections)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shared = useMemo(() => (live ? live.createSharedStack(config) : null), [live]);
  // A visitor with no connection to restore stays ready while the stack loads and wagmi starts
  // (a hover on Connect Wallet loads it): a click a moment later must not land on a disabled
  // button. Only a remembered connection waits for wagmi's restore.
  // one object per change (not per render): every useWalletState() reader re-renders with it
  const walletState = useMemo<WalletState>(
    () =>
      live
        ? visitorReady && !liveWallet?.ready
          ? { ...liveWallet, ready: true, restoring: true }
          : (liveWallet ?? NOT_READY)
        : visitorReady
          ? VISITOR_READY
          : NOT_READY,
    [live, visitorReady, liveWallet],
  );
  return (
    <PublicConfigProvider value={config}>
      {live && shared ? <live.LiveRoot shared={shared} onWalletState={onWalletState} /> : null}
      <StackContext.Provider value={live}>
        <WagmiContext.Provider value={shared?.wagmiConfig}>
          <QueryClientContext.Provider value={shared?.queryClient}>
            <WalletStateContext.Provider value={walletState}>
              <ModalProvider>{children}</ModalProvider>
            </WalletStateContext.Provider>
          </QueryClientContext.Provider>
        </WagmiContext.Provider>
      </StackContext.Provider>
    </PublicConfigProvider>
  );
}
