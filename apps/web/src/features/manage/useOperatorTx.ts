"use client";

import { fill, lendingPoolManagerAbi, manage, tx as txCopy } from "@lending/sdk";
import { getDeployment } from "@lending/sdk/deployments";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { encodeFunctionData, type EncodeFunctionDataParameters } from "viem";
import { showToast } from "@/components/toast/toast";
import { useExplorerUrl, useTransactor } from "@/lib/tx/useTransactor";
import type { BuiltTransaction, TxResult } from "@/lib/tx/pipeline";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { manageKeys, postAudit } from "./api";

/** A LendingPoolManager function and its arguments (checked by viem's encoder at run time). */
export type LpmCall = { functionName: string; args: readonly unknown[] };

/**
 * An operator's on-chain action: sent from the operator's own wallet through the app's one
 * transaction pipeline (estimate + margin, a revert shown before signing, toasts), then recorded
 * in the audit trail with its reason (the server reads what the transaction did from the chain).
 */
export function useOperatorTx() {
  const transact = useTransactor();
  const explorerUrl = useExplorerUrl();
  const { chainId } = usePublicConfig();
  const client = useQueryClient();

  /** Any transaction (e.g. the USDC approval before a repayment), not audited. */
  const send = useCallback(
    (built: BuiltTransaction, label: string) =>
      transact(built, { title: fill(manage.txError, { action: label }) }),
    [transact],
  );

  /** A LendingPoolManager call, audited with `reason`. */
  const run = useCallback(
    async (call: LpmCall, label: string, reason: string): Promise<TxResult | null> => {
      const deployment = getDeployment(chainId);
      const result = await send(
        {
          to: deployment.lendingPoolManager,
          data: encodeFunctionData({
            abi: lendingPoolManagerAbi,
            ...call,
          } as EncodeFunctionDataParameters<typeof lendingPoolManagerAbi>),
          value: 0n,
        },
        label,
      );
      if (!result) return null;
      await postAudit({ txHash: result.hash, reason }).catch((e: Error) =>
        showToast({ type: "warning", title: txCopy.unexpectedError, message: e.message }),
      );
      void showToast({
        type: "success",
        title: fill(manage.sent, { action: label }),
        txHash: { hash: result.hash, explorerUrl },
      });
      await client.invalidateQueries({ queryKey: manageKeys.all });
      return result;
    },
    [send, chainId, explorerUrl, client],
  );

  return { run, send };
}
