import { wallet } from "@lending/sdk";
import { createConfig, createStorage, http, injected, type Config, type Transport } from "wagmi";
import type { EIP1193Provider } from "viem";
import type { PublicConfig } from "@/config/public";
import { appChains, LOCAL_CHAIN_ID } from "./chains";
import {
  createDevWalletProvider,
  DEV_WALLET_ID,
  type DevWalletProvider,
} from "./devWalletProvider";

export const BROWSER_WALLET_ID = "injected";

export interface WalletSetup {
  config: Config;
  /** the Dev Wallet provider, only on the local chain */
  devWallet?: DevWalletProvider;
}

/** The browser's timeout for one call to the app chain's RPC. */
export const RPC_TIMEOUT_MS = 8_000;

/**
 * The wagmi configuration for a public config: Base, Base Sepolia and the local chain (default
 * first), EIP-6963 discovery, the browser wallet and, on the local chain, the Dev Wallet.
 * WalletConnect and Base Account connectors are added lazily when chosen (see lazyConnectors).
 */
export function createWalletSetup(pc: PublicConfig): WalletSetup {
  const chains = appChains(pc.chainId, pc.rpcUrl);
  const transports: Record<number, Transport> = {};
  for (const chain of chains) {
    // an RPC that stops answering fails a read within about 2 x RPC_TIMEOUT_MS (viem's default
    // is 4 x 10 s), so the page shows its error and polls instead of loading forever (issue 25)
    transports[chain.id] =
      chain.id === pc.chainId
        ? http(pc.rpcUrl, { batch: true, timeout: RPC_TIMEOUT_MS, retryCount: 1 })
        : http();
  }
  const devWallet =
    pc.chainId === LOCAL_CHAIN_ID ? createDevWalletProvider(pc.rpcUrl, pc.chainId) : undefined;

  const connectors = [injected()];
  if (devWallet) {
    connectors.push(
      injected({
        target: () => ({
          id: DEV_WALLET_ID,
          name: wallet.options.dev,
          provider: devWallet as unknown as EIP1193Provider,
        }),
      }),
    );
  }

  const config = createConfig({
    chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    ssr: true,
    storage: createStorage({
      storage: typeof window === "undefined" ? undefined : window.localStorage,
      key: "lending.wagmi",
    }),
  });
  return { config, devWallet };
}
