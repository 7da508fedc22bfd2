/**
 * wagmi connector for the embedded wallet: an `injected` connector whose target is the
 * embedded-wallet provider (same pattern as the Dev Wallet in wagmiConfig.ts).
 */
import { injected, type CreateConnectorFn } from "wagmi";
import type { EIP1193Provider } from "viem";
import type { EmbeddedWalletProvider } from "./provider";

import { EMBEDDED_WALLET_ID } from "@/features/wallet/lazyConnectors";

export { EMBEDDED_WALLET_ID };

export function embeddedWalletConnector(
  provider: EmbeddedWalletProvider,
  name: string,
): CreateConnectorFn {
  return injected({
    target: () => ({
      id: EMBEDDED_WALLET_ID,
      name,
      provider: provider as unknown as EIP1193Provider,
    }),
  });
}
