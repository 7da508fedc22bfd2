"use client";

import {
  buildLoanTicketMessage,
  countdownParts,
  decisionDeadlineMs,
  decisions as copy,
  fill,
  formatCountdown,
  formatDateTime,
  formatUsdc,
  type LoanTicket,
  type LoanTicketDecisionStatus,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { parseUnits } from "viem";
import { useConfig, useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { ApiError } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";
import { useNow } from "@/lib/clock";
import { logClientError } from "@/lib/tx/pipeline";
import { signOrDecline } from "@/lib/tx/signMessage";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { ticketsKey } from "./tickets";

export interface BorrowerIdentifiedModalProps {
  ticket: LoanTicket;
  poolName: string;
  trancheName: string;
}

const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/** Signs the decision and posts it; the updated tickets, or null after a toast. */
async function decide(args: {
  config: Parameters<typeof signOrDecline>[0];
  chainId: number;
  address: string;
  ticket: LoanTicket;
  status: LoanTicketDecisionStatus;
}): Promise<LoanTicket[] | null> {
  const { config, chainId, address, ticket, status } = args;
  const userID = address.toLowerCase();
  const request = {
    endBorrowerID: ticket.endBorrowerID,
    poolID: ticket.poolID,
    trancheID: ticket.trancheID,
    status,
  };
  const signatureTimestamp = Date.now();
  try {
    const signature = await signOrDecline(
      config,
      buildLoanTicketMessage({
        userID,
        requests: [request],
        timestamp: signatureTimestamp,
        chainId,
      }),
      copy.decisionError,
    );
    if (!signature) return null;
    return await apiPost<LoanTicket[]>(`/api/loan-tickets?chainId=${chainId}`, {
      userID,
      payload: request,
      signature,
      signatureTimestamp,
    });
  } catch (error) {
    const message = error instanceof ApiError ? error.message : (error as Error).message;
    void showToast({ type: "error", title: copy.decisionError, message });
    if (!(error instanceof ApiError)) {
      await logClientError(error, { chainId, address, title: copy.decisionError, message });
    }
    return null;
  }
}

/**
 * The borrower identified modal (registry name "borrowerIdentified"): the ticket's borrower and
 * amount, a countdown to 2 days after its creation, and Opt in / Opt out. The answer is signed
 * and posted (POST /api/loan-tickets); then the opt-in or opt-out modal replaces this one and the
 * wallet's tickets are updated (the pending decisions underneath follow).
 */
export default function BorrowerIdentifiedModal({
  ticket,
  poolName,
  trancheName,
  onClose,
}: RegistryModalProps<BorrowerIdentifiedModalProps>) {
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { dismiss, push } = useModal();
  const now = useNow();
  const [busy, setBusy] = useState<LoanTicketDecisionStatus | null>(null);
  const deadline = decisionDeadlineMs(ticket);
  const open = ticket.status === "pending" && (now === 0 || now < deadline);

  async function answer(status: LoanTicketDecisionStatus) {
    if (!address) return;
    setBusy(status);
    try {
      const tickets = await decide({ config, chainId, address, ticket, status });
      if (!tickets) return;
      queryClient.setQueryData(ticketsKey(chainId, address), tickets);
      dismiss("borrowerIdentified");
      push(status === "optedIn" ? "optedIn" : "optedOut", {
        borrower: ticket.endBorrowerName,
        exposure: ticket.exposure,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal title={copy.borrowerTitle} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-700" data-testid="borrower-identified">
        <p>{fill(copy.borrowerLead, { pool: poolName, tranche: trancheName })}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Field name={copy.borrowerName}>{ticket.endBorrowerName}</Field>
          <Field name={copy.borrowerId}>{ticket.endBorrowerID}</Field>
          <Field name={copy.assets}>
            {fill(copy.usdc, { amount: formatUsdc(parseUnits(ticket.assets, 6)) })}
          </Field>
          <Field name={copy.exposure}>
            <span data-testid="borrower-identified-exposure">
              {ticket.exposure === null
                ? copy.exposureUnknown
                : fill(copy.usdc, { amount: formatUsdc(BigInt(ticket.exposure)) })}
            </span>
          </Field>
          <Field name={copy.identifiedOn}>{formatDateTime(new Date(ticket.createdOn))}</Field>
          <Field name={copy.decideWithin}>
            <span data-testid="borrower-identified-countdown">
              {now === 0 ? "" : formatCountdown(countdownParts(deadline, now))}
            </span>
          </Field>
        </dl>
        <p>{copy.exposureNote}</p>
        {open ? (
          <>
            <p>{copy.signNote}</p>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                className={secondary}
                disabled={busy !== null}
                onClick={() => void answer("optedOut")}
              >
                {busy === "optedOut" ? copy.signing : copy.optOut}
              </button>
              <button
                type="button"
                className={primary}
                disabled={busy !== null}
                onClick={() => void answer("optedIn")}
              >
                {busy === "optedIn" ? copy.signing : copy.optIn}
              </button>
            </div>
          </>
        ) : (
          <>
            <p data-testid="borrower-identified-closed">{copy.closed}</p>
            <div className="flex justify-end">
              <button type="button" className={secondary} onClick={onClose}>
                {copy.close}
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{name}</dt>
      <dd className="break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
