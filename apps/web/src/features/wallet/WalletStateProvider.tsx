"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useConfig, useConnection } from "wagmi";
import { reconnect, switchConnection } from "wagmi/actions";
import { useKycConnectCheck } from "@/features/kyc/useKycConnectCheck";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { DevWalletProvider } from "./devWalletProvider";
import { browserStorage, readLastActiveWallet, writeLastActiveWallet } from "./lastActiveWallet";
import { WalletStateContext, type WalletState } from "./walletState";
import { isLazyConnectorId, loadLazyConnector, walletConnectAvailable } from "./lazyConnectors";

/** The bit of zustand's persist API wagmi's store exposes when it has storage. */
interface PersistApi {
  hasHydrated(): boolean;
  onFinishHydration(listener: () => void): () => void;
}

export { useWalletState } from "./walletState";

/**
 * Restores the wallet session once on mount (wagmi's own reconnect is turned off so we know when
 * it is done): reconnects, reloads a lazily loaded connector if it was the last one, makes the
 * last active wallet current again, then marks the wallet layer ready. Afterwards it keeps the
 * active wallet in localStorage.
 */
export function WalletStateProvider({
  devWallet,
  onState,
  children,
}: {
  devWallet?: DevWalletProvider;
  /** told the state on every change (the page's providers give it to the page: lib/stack/live) */
  onState?: (state: WalletState) => void;
  children?: ReactNode;
}) {
  const config = useConfig();
  const pc = usePublicConfig();
  const [ready, setReady] = useState(false);
  const { address, connector, status } = useConnection();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function restore() {
      if (cancelled) return;
      try {
        await reconnect(config);
        const last = readLastActiveWallet(browserStorage());
        // the last active wallet's lazy connector, also when other wallets reconnected
        if (
          last &&
          ![...config.state.connections.values()].some(
            (c) => c.connector.id === last.connectorId,
          ) &&
          isLazyConnectorId(last.connectorId) &&
          (last.connectorId !== "walletConnect" || walletConnectAvailable(pc))
        ) {
          const fn = await loadLazyConnector(last.connectorId, pc);
          if (!cancelled) await reconnect(config, { connectors: [fn] });
        }
        if (last) {
          const match = [...config.state.connections.values()].find(
            (c) => c.connector.id === last.connectorId,
          );
          if (match && config.state.current !== match.connector.uid) {
            await switchConnection(config, { connector: match.connector });
          }
        }
      } catch {
        // a wallet that cannot reconnect simply stays disconnected
      } finally {
        if (!cancelled) setReady(true);
      }
    }

    // Run after wagmi's <Hydrate> has restored its persisted state (macrotask after hydration).
    const start = () => {
      timer = setTimeout(() => void restore(), 0);
    };
    const persist = (config._internal.store as unknown as { persist?: PersistApi }).persist;
    let unsubscribe: (() => void) | undefined;
    if (!persist || persist.hasHydrated()) start();
    else unsubscribe = persist.onFinishHydration(start);

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      unsubscribe?.();
    };
  }, [config, pc]);

  useEffect(() => {
    if (!ready || status !== "connected" || !address || !connector) return;
    writeLastActiveWallet(browserStorage(), { connectorId: connector.id, address });
  }, [ready, status, address, connector]);

  useKycConnectCheck({
    ready,
    address: status === "connected" ? address : undefined,
    walletKey: connector?.uid,
  });

  useEffect(() => {
    onState?.({ ready, devWallet });
  }, [onState, ready, devWallet]);

  return (
    <WalletStateContext.Provider value={{ ready, devWallet }}>
      {children}
    </WalletStateContext.Provider>
  );
}
