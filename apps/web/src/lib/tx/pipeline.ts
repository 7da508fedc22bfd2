/**
 * The one transaction pipeline (spec section 8, STYLE "one transaction pipeline"): every write of
 * the app goes through `runTransaction`. It checks the wallet is connected, on the app's chain and
 * that the contracts are deployed there, estimates the gas (a revert shows before the wallet asks),
 * sends the built `{to, data, value}` with the estimate plus the SDK's margin through wagmi's
 * wallet client, shows the non-closable 'Processing' toast (spec), waits for the receipt and
 * removes the toast on success (after it is shown, see `dismissToast`). Failures are mapped once (./errorMapping) to a toast; unknown ones are logged.
 */
import { loadTx } from "@/lib/stack/chunks";
import { tx as copyTx } from "@lending/sdk";
import type { Config } from "wagmi";
import type { Address, Hex, TransactionReceipt } from "viem";
import { dismissToast, showToast } from "@/components/toast/toast";
import { mapTransactionError, TransactionRevertedError } from "./errorMapping";

export interface BuiltTransaction {
  to: Address;
  data: Hex;
  value: bigint;
}

export interface TxContext {
  config: Config;
  /** the app's chain */
  chainId: number;
  /** block explorer of the app's chain; none on the local chain */
  explorerUrl?: string;
}

export interface TxCopy {
  /** error toast title for unknown failures, e.g. 'deposit error' */
  title: string;
  /** error toast message for unknown failures (default 'unexpected error') */
  message?: string;
}

export interface TxResult {
  hash: Hex;
  receipt: TransactionReceipt;
}

/** POST /api/logging; a failed report is dropped (never shown). */
export async function logClientError(
  error: unknown,
  context: { chainId?: number; address?: string; title?: string; message?: string },
): Promise<void> {
  const e = error instanceof Error ? error : new Error(String(error));
  try {
    await fetch("/api/logging", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        error: {
          name: e.name.slice(0, 200),
          message: e.message.slice(0, 2000),
          stack: e.stack?.slice(0, 8000),
        },
        ...context,
      }),
    });
  } catch {
    // logging must never break the flow
  }
}

const PROCESSING_TOAST_ID = "tx-processing";

/**
 * Sends `tx` and waits for it. Resolves with the hash and receipt, or `null` after the failure
 * was shown (or, for a missing wallet or deployment, logged only: spec section 8).
 */
export async function runTransaction(
  ctx: TxContext,
  tx: BuiltTransaction,
  copy: TxCopy,
): Promise<TxResult | null> {
  const { estimateGas, getConnection, getWalletClient, switchChain, waitForTransactionReceipt } =
    await loadTx();
  const connection = getConnection(ctx.config);
  const address = connection.address;
  if (connection.status !== "connected" || !address) {
    await logClientError(new Error("transaction without a connected wallet"), {
      chainId: ctx.chainId,
      title: copy.title,
    });
    return null;
  }
  const { hasDeployment, decodeProtocolRevert, gasLimitWithMargin } = await loadTx();
  if (!hasDeployment(ctx.chainId)) {
    await logClientError(new Error(`no deployment on chain ${ctx.chainId}`), {
      chainId: ctx.chainId,
      address,
      title: copy.title,
    });
    return null;
  }

  let hash: Hex | undefined;
  try {
    if (connection.chainId !== ctx.chainId) {
      await switchChain(ctx.config, { chainId: ctx.chainId });
    }
    const wallet = await getWalletClient(ctx.config, { chainId: ctx.chainId });
    // a revert shows here, before the wallet asks; the margin covers a dearer mined block
    const estimate = await estimateGas(ctx.config, {
      account: address,
      chainId: ctx.chainId,
      to: tx.to,
      data: tx.data,
      value: tx.value,
    });
    hash = await wallet.sendTransaction({
      account: address,
      to: tx.to,
      data: tx.data,
      value: tx.value,
      gas: gasLimitWithMargin(estimate),
    });
    void showToast({
      id: PROCESSING_TOAST_ID,
      type: "info",
      title: copyTx.processing,
      closable: false,
      duration: Infinity,
    });
    const receipt = await waitForTransactionReceipt(ctx.config, { hash, chainId: ctx.chainId });
    if (receipt.status === "reverted") throw new TransactionRevertedError(hash);
    await dismissToast(PROCESSING_TOAST_ID);
    return { hash, receipt };
  } catch (error) {
    await dismissToast(PROCESSING_TOAST_ID);
    const mapped = mapTransactionError(error, copy, decodeProtocolRevert(error)?.errorName);
    const txHash = mapped.txHash ?? (mapped.kind === "reverted" ? hash : undefined);
    void showToast({
      type: "error",
      title: mapped.title,
      message: mapped.message,
      txHash: txHash ? { hash: txHash, explorerUrl: ctx.explorerUrl } : undefined,
    });
    if (mapped.log) {
      await logClientError(error, {
        chainId: ctx.chainId,
        address,
        title: mapped.title,
        message: mapped.message,
      });
    }
    return null;
  }
}
