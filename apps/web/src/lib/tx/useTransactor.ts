"use client";

import { useChains, useConfig } from "@/lib/stack";
import { useCallback } from "react";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { runTransaction, type BuiltTransaction, type TxCopy, type TxResult } from "./pipeline";

/** The transaction pipeline bound to the app's chain and its block explorer. */
export function useTransactor(): (tx: BuiltTransaction, copy: TxCopy) => Promise<TxResult | null> {
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const explorerUrl = useExplorerUrl();
  return useCallback(
    (tx, copy) => runTransaction({ config, chainId, explorerUrl }, tx, copy),
    [config, chainId, explorerUrl],
  );
}

/** The block explorer of the app's chain, or undefined (local chain). */
export function useExplorerUrl(): string | undefined {
  const { chainId } = usePublicConfig();
  const chains = useChains();
  return chains.find((c) => c.id === chainId)?.blockExplorers?.default.url;
}
