import { defineChain, type Chain } from "viem";
import type { SupportedChainId } from "@/config/schema";

// Minimal chain definitions (importing `wagmi/chains` pulls every chain into the bundle).

export const base = defineChain({
  id: 8453,
  name: "Base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://basescan.org" } },
});

export const baseSepolia = defineChain({
  id: 84532,
  name: "Base Sepolia",
  nativeCurrency: { name: "Sepolia Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://sepolia.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://sepolia.basescan.org" } },
  testnet: true,
});

/** The local anvil chain; its RPC comes from configuration. */
export function localChain(rpcUrl: string) {
  return defineChain({
    id: 31337,
    name: "Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

/** The known chains, the configured default first; its RPC is the configured one. */
export function appChains(defaultChainId: SupportedChainId, rpcUrl: string): [Chain, ...Chain[]] {
  const withRpc = (c: Chain): Chain => ({
    ...c,
    rpcUrls: { ...c.rpcUrls, default: { http: [rpcUrl] } },
  });
  const all: Chain[] = [base, baseSepolia, localChain(rpcUrl)];
  const first = all.find((c) => c.id === defaultChainId);
  if (!first) throw new Error(`Unsupported chain id ${defaultChainId}`);
  return [withRpc(first), ...all.filter((c) => c.id !== defaultChainId)];
}

export const LOCAL_CHAIN_ID = 31337;
