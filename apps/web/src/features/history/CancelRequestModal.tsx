"use client";

import {
  cancelRequestOrPart,
  fill,
  formatUsdc,
  getDeployment,
  readRequest,
  requestParts,
  transactions,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import { usePendingRequestClearingDate } from "@/lib/queries/useRequestClearingDate";
import { useTransactor } from "@/lib/tx/useTransactor";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { refreshUntilIndexed, type Transaction } from "./api";
import { formatApy, formatUsdcAmount, RequestedAmount } from "./display";

const copy = transactions.cancelModal;

export interface CancelRequestModalProps {
  transaction: Transaction;
  /**
   * The row's index in the request's parts (`requestParts`) when the chain merged several
   * same-epoch requests into this one: only that part is cancelled. Undefined: the whole.
   */
  part?: number;
}

/**
 * Cancel deposit / cancel withdrawal (spec section 4): sends the cancel through the transaction
 * pipeline; on a returned hash the modal closes and the history refreshes. Failures show the
 * pipeline's toasts with the title 'cancellation error'.
 */
function CancelRequestModal({
  kind,
  transaction: tx,
  part: partIndex,
  onClose,
}: RegistryModalProps<CancelRequestModalProps> & { kind: "Deposit" | "Withdrawal" }) {
  const { chainId } = usePublicConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const transact = useTransactor();
  const [busy, setBusy] = useState(false);
  const deposit = kind === "Deposit";
  const title = deposit ? copy.depositTitle : copy.withdrawalTitle;
  const { client } = useAppChain();
  // The index can be behind: the chain says whether the request can still be cancelled.
  const onChain = useQuery({
    queryKey: [...queryKeys.user(chainId, address ?? ""), "request", tx.nftId.toString()],
    queryFn: async () => {
      return readRequest(client!, getDeployment(chainId), tx.nftId);
    },
    enabled: Boolean(client),
    staleTime: 0,
    retry: false,
  });
  const cancellable = onChain.data?.canCancel === true;
  const all = requestParts(tx);
  const part = partIndex === undefined ? undefined : all[partIndex];
  // the requests the whole cancel takes (from the details): those still queued
  const parts = deposit || part ? [] : all.filter((p) => !p.cancelled);
  // when it is processed, as a date (issue 23 item 13): never "the end of the epoch"
  const clearingDate = usePendingRequestClearingDate(tx.requestTimestamp);
  const text = clearingDate
    ? fill(deposit ? copy.depositText : copy.withdrawalText, { date: clearingDate })
    : deposit
      ? copy.depositTextNoDate
      : copy.withdrawalTextNoDate;

  async function confirm() {
    setBusy(true);
    try {
      const deployment = getDeployment(chainId);
      // the row's request alone, or the whole when it is all that is left on chain
      const built = cancelRequestOrPart(deployment, {
        kind,
        poolId: tx.poolId,
        nftId: tx.nftId,
        part: part?.amount,
        requestAmount: onChain.data?.amount ?? tx.requestedAmount,
      });
      const partCancels = tx.events.filter((e) => e.type === "PartCancelled").length;
      const result = await transact(built, { title: copy.errorTitle });
      if (!result) return;
      // spec: on a returned hash the modal closes and the history refreshes (the pipeline's
      // Processing toast is removed on success; no toast of its own)
      onClose();
      if (address) {
        // every read of this user (balances, positions), then the history until the indexer
        // has seen the cancellation
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(chainId, address) });
        void refreshUntilIndexed(
          queryClient,
          queryKeys.transactions(chainId, address),
          tx.nftId,
          built.description.action === "cancelRequestPart" ? { partCancels } : {},
        );
      }
    } catch (error) {
      // e.g. no deployment on this chain: the pipeline's own error toast, never a crash
      void showToast({
        type: "error",
        title: copy.errorTitle,
        message: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-700" data-testid="cancel-request">
        <p data-testid="cancel-request-text">{text}</p>
        {part ? (
          <p data-testid="cancel-request-part">
            {fill(copy.partText, {
              amount: formatUsdcAmount(deposit ? part.amount : part.value),
            })}
          </p>
        ) : null}
        {parts.length > 1 ? (
          <p data-testid="cancel-request-merged">
            {fill(copy.mergedWithdrawalText, {
              parts: parts.length,
              amounts: parts.map((p) => `${formatUsdc(p.value)} USDC`).join(", "),
            })}
          </p>
        ) : null}
        {onChain.isPending ? (
          <p className="text-slate-500" data-testid="cancel-request-checking">
            {copy.checking}
          </p>
        ) : !cancellable ? (
          <p role="alert" className="text-red-800" data-testid="cancel-request-unavailable">
            {copy.notCancellable}
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-slate-500">{transactions.columns.pool}</dt>
          <dd className="text-right font-medium text-slate-900">{tx.poolName}</dd>
          <dt className="text-slate-500">{transactions.columns.tranche}</dt>
          <dd className="text-right font-medium text-slate-900">{tx.trancheName}</dd>
          <dt className="text-slate-500">{transactions.columns.amount}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">
            <RequestedAmount tx={tx} part={part} />
          </dd>
          <dt className="text-slate-500">{transactions.columns.apy}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">
            {formatApy(tx.apy)}
          </dd>
          <dt className="text-slate-500">{transactions.columns.nftId}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">
            {tx.nftId.toString()}
          </dd>
        </dl>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
          >
            {copy.back}
          </button>
          <button
            type="button"
            data-testid="cancel-request-confirm"
            onClick={() => void confirm()}
            disabled={busy || !cancellable}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? copy.cancelling : deposit ? copy.confirmDeposit : copy.confirmWithdrawal}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Registry modal "cancelDeposit". */
export function CancelDepositModal(props: RegistryModalProps<CancelRequestModalProps>) {
  return <CancelRequestModal {...props} kind="Deposit" />;
}

/** Registry modal "cancelWithdrawal". */
export function CancelWithdrawalModal(props: RegistryModalProps<CancelRequestModalProps>) {
  return <CancelRequestModal {...props} kind="Withdrawal" />;
}
