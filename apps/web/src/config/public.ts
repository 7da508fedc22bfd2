import type { SupportedChainId } from "./schema";

/** Configuration the server hands to the browser at request time (no secrets). */
export interface PublicConfig {
  chainId: SupportedChainId;
  /** RPC the browser talks to */
  rpcUrl: string;
  /** WalletConnect is offered only when set */
  walletConnectProjectId?: string;
  appName: string;
  coinbaseAppName: string;
  /** utility token symbol, `KSU` by default (`rKSU` derived) */
  productSymbol: string;
  subordinationDocsUrl: string;
}
