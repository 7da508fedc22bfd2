"use client";

import { useConfig } from "@/lib/stack";
import { useCallback } from "react";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { useExplorerUrl } from "./explorer";
import { runTransaction, type BuiltTransaction, type TxCopy, type TxResult } from "./pipeline";

export { useExplorerUrl } from "./explorer";

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
