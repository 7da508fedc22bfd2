"use client";

import {
  canOfferCancel,
  fill,
  formatUsdcExact,
  historyEventStatusLabel,
  isDelegateInitiatedEvent,
  isUsdcEventAmount,
  remainingQueuedValue,
  transactions as copy,
} from "@lending/sdk";
import type { ReactNode } from "react";
import { Modal } from "@/components/modal/Modal";
import { StackedCell } from "@/components/ui/Figures";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { TxHashLink } from "@/components/tx/TxDone";
import type { Transaction, TransactionEvent } from "./api";
import {
  fixedTermText,
  formatApy,
  formatShares,
  formatTime,
  formatUsdcExactAmount,
  RequestedAmount,
  statusText,
} from "./display";

const d = copy.detailsModal;
const col = copy.columns;

export interface RequestDetailsModalProps {
  transaction: Transaction;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1.5 sm:block sm:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900 sm:text-left">{children}</dd>
    </div>
  );
}

/**
 * An event's amount in USDC (issue 23 item 7): deposits and payouts as they moved; a withdrawal
 * request, increase or forced withdrawal at what its shares were worth at the event's block
 * (never re-priced), with the shares in the title. Shares only when no value was indexed.
 */
function EventAmount({ tx, event: e }: { tx: Transaction; event: TransactionEvent }) {
  if (isUsdcEventAmount(tx.type, e.type)) return <>{formatUsdcExactAmount(e.amount)}</>;
  if (e.value === null) return <>{formatShares(e.amount)}</>;
  return (
    <span title={formatShares(e.amount)}>
      {fill(copy.requestedUsdc, { amount: formatUsdcExact(e.value) })}
    </span>
  );
}

/**
 * What a withdrawal still had queued after an event, in USDC as worth when requested (the SDK's
 * `remainingQueuedValue`), with the shares in the title; shares only when no value was indexed.
 */
function RemainingQueued({ tx, index }: { tx: Transaction; index: number }) {
  const shares = tx.events[index]!.remainingQueuedAmount;
  if (shares === null) return <>–</>;
  const value = remainingQueuedValue(tx, index);
  if (value === null) return <>{formatShares(shares)}</>;
  return (
    <span title={formatShares(shares)}>
      {value === 0n
        ? formatUsdcExactAmount(0n)
        : fill(copy.requestedUsdc, { amount: formatUsdcExact(value) })}
    </span>
  );
}

function EventType({ tx, event }: { tx: Transaction; event: TransactionEvent }) {
  const delegate = isDelegateInitiatedEvent(tx, event);
  return (
    <>
      {copy.eventTypes[event.type]}
      {event.type === "Reallocated" && event.toTrancheId !== null ? (
        <span className="text-slate-500"> {fill(d.movedTo, { tranche: event.toTrancheId })}</span>
      ) : null}
      {delegate ? (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
          {copy.delegateInitiated}
        </span>
      ) : null}
    </>
  );
}

const EVENT_COLUMNS = [d.epoch, d.amount, d.time, d.transaction, d.type, d.status, d.remaining];

/** Request details (wide, up to 1000 px): the request's fields, its events, subsequent actions. */
export default function RequestDetailsModal({
  transaction: tx,
  onClose,
}: RegistryModalProps<RequestDetailsModalProps>) {
  const { open } = useModal();
  const headerRow = "text-xs tracking-wide text-slate-500 uppercase max-md:sr-only";
  const rowClass =
    "border-t border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:p-3 max-md:[&+tr]:mt-2";
  return (
    <Modal title={d.title} onClose={onClose} size="wide">
      <div className="space-y-6 text-sm" data-testid="request-details">
        <section aria-labelledby="request-details-request">
          <h3 id="request-details-request" className="mb-2 font-semibold text-slate-900">
            {d.requestTitle}
          </h3>
          <dl className="grid gap-x-6 sm:grid-cols-3 sm:gap-y-3">
            <Field label={col.type}>{copy.types[tx.type]}</Field>
            <Field label={col.amount}>
              <RequestedAmount tx={tx} />
            </Field>
            <Field label={col.apy}>{formatApy(tx.apy)}</Field>
            <Field label={col.pool}>{tx.poolName}</Field>
            <Field label={col.tranche}>{tx.trancheName}</Field>
            <Field label={col.nftId}>{tx.nftId.toString()}</Field>
            <Field label={col.requestTime}>{formatTime(tx.requestTimestamp)}</Field>
            <Field label={col.status}>
              <span data-testid="request-details-status">{statusText(tx)}</span>
            </Field>
            <Field label={col.fixedTerm}>{fixedTermText(tx.fixedTermWeeks)}</Field>
            <Field label={col.lastTransaction}>{formatTime(tx.lastTransactionDate)}</Field>
          </dl>
        </section>

        <section aria-labelledby="request-details-events">
          <h3 id="request-details-events" className="mb-2 font-semibold text-slate-900">
            {d.eventsTitle}
          </h3>
          {tx.events.length === 0 ? (
            <p className="text-slate-600">{d.eventsEmpty}</p>
          ) : (
            <table className="w-full text-left max-md:block">
              <caption className="sr-only">{d.eventsTitle}</caption>
              <thead className={headerRow}>
                <tr>
                  {EVENT_COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block">
                {tx.events.map((e, i) => (
                  <tr key={e.id} className={rowClass} data-testid="request-event">
                    <StackedCell label={d.epoch}>{e.epochId.toString()}</StackedCell>
                    <StackedCell label={d.amount}>
                      <EventAmount tx={tx} event={e} />
                    </StackedCell>
                    <StackedCell label={d.time}>{formatTime(e.timestamp)}</StackedCell>
                    <StackedCell label={d.transaction}>
                      <TxHashLink
                        testId="event-tx"
                        className="inline-flex min-h-6 items-center font-medium text-emerald-800 underline"
                        hash={e.transactionHash}
                      />
                    </StackedCell>
                    <StackedCell label={d.type}>
                      <EventType tx={tx} event={e} />
                    </StackedCell>
                    <StackedCell label={d.status}>
                      {copy.statuses[
                        historyEventStatusLabel(tx.type, e) as keyof typeof copy.statuses
                      ] ?? copy.eventTypes[e.type]}
                    </StackedCell>
                    <StackedCell label={d.remaining}>
                      <RemainingQueued tx={tx} index={i} />
                    </StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="request-details-subsequent">
          <h3 id="request-details-subsequent" className="mb-2 font-semibold text-slate-900">
            {d.subsequentTitle}
          </h3>
          {tx.subsequentTransactions.length === 0 ? (
            <p className="text-slate-600" data-testid="subsequent-empty">
              {d.subsequentEmpty}
            </p>
          ) : (
            <table className="w-full text-left max-md:block">
              <caption className="sr-only">{d.subsequentTitle}</caption>
              <thead className={headerRow}>
                <tr>
                  {[d.time, d.action, d.amount, d.status].map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block">
                {tx.subsequentTransactions.map((s, i) => (
                  <tr key={i} className={rowClass} data-testid="subsequent-action">
                    <StackedCell label={d.time}>{formatTime(s.timestamp)}</StackedCell>
                    <StackedCell label={d.action}>{subsequentActionText(s)}</StackedCell>
                    <StackedCell label={d.amount}>{formatUsdcExactAmount(s.amount)}</StackedCell>
                    <StackedCell label={d.status}>
                      {d.subsequentStatuses[s.status as keyof typeof d.subsequentStatuses] ??
                        s.status}
                    </StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        {canOfferCancel(tx) ? (
          <div className="flex justify-end">
            <button
              type="button"
              data-testid="request-details-cancel"
              onClick={() =>
                open(tx.type === "Deposit" ? "cancelDeposit" : "cancelWithdrawal", {
                  transaction: tx,
                })
              }
              className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
            >
              {tx.type === "Deposit"
                ? copy.cancelModal.depositTitle
                : copy.cancelModal.withdrawalTitle}
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/** A subsequent action's label, with the borrower it is about when known ("Opted out: Acme"). */
function subsequentActionText(s: { action: string; borrower?: string }): string {
  const d = copy.detailsModal;
  const action = d.subsequentActions[s.action as keyof typeof d.subsequentActions] ?? s.action;
  return s.borrower ? fill(d.subsequentActionFor, { action, borrower: s.borrower }) : action;
}
