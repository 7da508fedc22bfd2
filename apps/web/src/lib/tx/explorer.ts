"use client";

import { useChains } from "@/lib/stack";
import { usePublicConfig } from "@/providers/PublicConfigContext";

/**
 * The block explorer of the app's chain, or undefined (local chain). Apart from ./useTransactor,
 * so a transaction link (TxHashLink) does not bring the transaction pipeline into a page.
 */
export function useExplorerUrl(): string | undefined {
  const { chainId } = usePublicConfig();
  const chains = useChains();
  return chains.find((c) => c.id === chainId)?.blockExplorers?.default.url;
}
