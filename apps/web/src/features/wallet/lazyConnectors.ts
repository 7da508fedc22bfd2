import type { CreateConnectorFn } from "wagmi";
import type { PublicConfig } from "@/config/public";

export const WALLETCONNECT_ID = "walletConnect";
export const BASE_ACCOUNT_ID = "baseAccount";
/** The embedded wallet of email and Google sign-in (features/embedded-wallet). */
export const EMBEDDED_WALLET_ID = "embeddedWallet";

/** Connector ids whose code is loaded only when the user picks them (or reconnects them). */
export const LAZY_CONNECTOR_IDS = [WALLETCONNECT_ID, BASE_ACCOUNT_ID, EMBEDDED_WALLET_ID] as const;
export type LazyConnectorId = (typeof LAZY_CONNECTOR_IDS)[number];

export function isLazyConnectorId(id: string): id is LazyConnectorId {
  return (LAZY_CONNECTOR_IDS as readonly string[]).includes(id);
}

/** WalletConnect is offered only with a project id. */
export function walletConnectAvailable(pc: PublicConfig): boolean {
  return Boolean(pc.walletConnectProjectId);
}

/** Loads a lazy connector's SDK (a separate chunk) and returns its connector function. */
export async function loadLazyConnector(
  id: LazyConnectorId,
  pc: PublicConfig,
): Promise<CreateConnectorFn> {
  if (id === EMBEDDED_WALLET_ID) {
    // unlocks the key kept on this device for the signed-in account, or throws
    const { embeddedConnector, EMBEDDED_WALLET_NAME } = await import("@/features/account/embedded");
    return embeddedConnector(pc, EMBEDDED_WALLET_NAME);
  }
  if (id === WALLETCONNECT_ID) {
    if (!pc.walletConnectProjectId) throw new Error("WalletConnect is not configured");
    const { walletConnect } = await import("wagmi/connectors/walletConnect");
    return walletConnect({
      projectId: pc.walletConnectProjectId,
      showQrModal: true,
      metadata: {
        name: pc.appName,
        description: `${pc.appName} lending`,
        url: window.location.origin,
        icons: [],
      },
    });
  }
  const { baseAccount } = await import("wagmi/connectors/baseAccount");
  return baseAccount({ appName: pc.coinbaseAppName });
}
