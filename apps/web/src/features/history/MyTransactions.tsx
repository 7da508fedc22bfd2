"use client";

import { keepPreviousData, useConnection, useQuery } from "@/lib/stack";
import {
  canOfferCancel,
  fill,
  HISTORY_PAGE_SIZE,
  requestParts,
  transactions as copy,
  fillPreview as fillPreviewCopy,
  type RequestPart,
} from "@lending/sdk";
import { clientOnly } from "@/lib/clientOnly";
import { AppLink } from "@/components/ui/AppLink";
import { useState } from "react";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/modalContext";
import { IndexerLagNotice } from "@/components/indexer/IndexerLagNotice";
import { LoadError } from "@/components/ui/LoadError";
import { useFailure } from "@/lib/queries/useFailure";
import { pollWhileFailing } from "@/lib/queries/recovery";
import { useWalletState } from "@/features/wallet/walletState";
import { queryKeys } from "@/lib/queries/keys";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { FixedTermRow as FixedTermItem, LossRow as LossItem, Transaction } from "./api";
import { Cell, Time } from "./cells";
import { Panel, TableSkeleton, TransactionsConnect } from "./shell";
import { fixedTermText, formatApy, RequestedAmount, statusText } from "./display";
import { Pagination } from "@/components/ui/Pagination";
import { transactionsCsvUrl } from "./urls";
import { FillPreviewNote } from "@/features/portfolio/fill-preview/FillPreviewNote";
import { useFillPreviews, type FillPreviews } from "@/features/portfolio/fill-preview/queries";

// a loss or a fixed-term event is a rarer row: its code (and the incidents copy) loads with it
const FixedTermRow = clientOnly(() => import("./FixedTermRow").then((m) => m.FixedTermRow));
const LossRow = clientOnly(() => import("./LossRow").then((m) => m.LossRow));

const col = copy.columns;

/** Column headers, in order (the stacked layout below lg repeats them per cell). */
const COLUMNS = [
  col.type,
  col.amount,
  col.apy,
  col.pool,
  col.tranche,
  col.nftId,
  col.requestTime,
  col.status,
  col.fixedTerm,
  col.lastTransaction,
  col.actions,
  fillPreviewCopy.label,
] as const;

/** A request, one row per request the lender made (same-epoch withdrawals are one on chain). */
function Rows({ tx, previews }: { tx: Transaction; previews?: FillPreviews }) {
  const parts = requestParts(tx);
  // "if the epoch closed now": only while the request waits for its clearing
  const preview =
    tx.requestStatus === "Requested" ? previews?.byRequest[tx.nftId.toString()] : undefined;
  if (parts.length <= 1) return <Row tx={tx} preview={preview} />;
  // the preview is the whole request's: on its last part still queued
  let last = -1;
  parts.forEach((p, i) => {
    if (!p.cancelled) last = i;
  });
  return (
    <>
      {parts.map((part, i) => (
        <Row
          key={i}
          tx={tx}
          part={part}
          index={i}
          count={parts.length}
          preview={i === last ? preview : undefined}
        />
      ))}
    </>
  );
}

function Row({
  tx,
  part,
  index = 0,
  count = 1,
  preview,
}: {
  tx: Transaction;
  part?: RequestPart;
  index?: number;
  count?: number;
  preview?: FillPreviews["byRequest"][string];
}) {
  const { open } = useModal();
  // a part the lender cancelled alone shows Cancelled; its siblings stay cancellable one by one
  const cancellable = canOfferCancel(tx) && !part?.cancelled;
  const nftId = tx.nftId.toString();
  return (
    <tr
      data-testid="transaction-row"
      data-nft-id={nftId}
      data-part={count > 1 ? index + 1 : undefined}
      className="border-t border-slate-100 max-lg:block max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:[&+tr]:mt-3"
    >
      <Cell label={col.type} className="font-medium text-slate-900">
        {copy.types[tx.type]}
      </Cell>
      <Cell label={col.amount} className="tabular-nums">
        <RequestedAmount tx={tx} part={part} />
        {count > 1 ? (
          <span className="block text-xs text-slate-500" data-testid="transaction-part">
            {fill(copy.partOf, { part: index + 1, parts: count })}
          </span>
        ) : null}
      </Cell>
      <Cell label={col.apy} className="tabular-nums">
        {formatApy(tx.apy)}
      </Cell>
      <Cell label={col.pool}>{tx.poolName}</Cell>
      <Cell label={col.tranche}>{tx.trancheName}</Cell>
      <Cell label={col.nftId} className="tabular-nums">
        {nftId}
      </Cell>
      <Cell label={col.requestTime}>
        <Time unix={part?.timestamp ?? tx.requestTimestamp} />
      </Cell>
      <Cell label={col.status}>
        <span data-testid="transaction-status">
          {part?.cancelled ? copy.statuses.Cancelled : statusText(tx)}
        </span>
      </Cell>
      <Cell label={col.fixedTerm}>{fixedTermText(tx.fixedTermWeeks)}</Cell>
      <Cell label={col.lastTransaction}>
        <Time unix={tx.lastTransactionDate} />
      </Cell>
      <Cell label={col.actions}>
        <span className="flex flex-wrap justify-end gap-2 lg:justify-start">
          <button
            type="button"
            data-testid="transaction-details"
            aria-label={fill(copy.detailsOf, { nftId })}
            onMouseEnter={() => preloadModal("requestDetails")}
            onFocus={() => preloadModal("requestDetails")}
            onClick={() => open("requestDetails", { transaction: tx })}
            className="min-h-6 rounded-lg border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {copy.details}
          </button>
          {cancellable ? (
            <button
              type="button"
              data-testid="transaction-cancel"
              aria-label={
                count > 1
                  ? fill(
                      tx.type === "Deposit"
                        ? copy.cancelDepositPartOf
                        : copy.cancelWithdrawalPartOf,
                      { nftId, part: index + 1 },
                    )
                  : fill(tx.type === "Deposit" ? copy.cancelDepositOf : copy.cancelWithdrawalOf, {
                      nftId,
                    })
              }
              onMouseEnter={() => preloadModal("cancelDeposit")}
              onFocus={() => preloadModal("cancelDeposit")}
              onClick={() =>
                open(tx.type === "Deposit" ? "cancelDeposit" : "cancelWithdrawal", {
                  transaction: tx,
                  part: count > 1 ? index : undefined,
                })
              }
              className="rounded-lg border border-red-300 px-2.5 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
            >
              {copy.cancel}
            </button>
          ) : null}
        </span>
      </Cell>
      <Cell label={fillPreviewCopy.label}>
        <FillPreviewNote preview={preview} withLabel={false} />
      </Cell>
    </tr>
  );
}

/** How often the open page asks the server for its page of requests again (as the lag notice). */
export const HISTORY_REFRESH_MS = 15_000;

/** The connected user's requests, page by page from the server. */
function TransactionsTable({ user }: { user: string }) {
  const { chainId } = usePublicConfig();
  const [page, setPage] = useState(1);
  const previews = useFillPreviews(user as `0x${string}`);
  const query = useQuery({
    queryKey: queryKeys.transactionsPage(chainId, user, page),
    queryFn: async () => {
      const { fetchTransactionsPage } = await import("./api");
      return fetchTransactionsPage(user, page, HISTORY_PAGE_SIZE);
    },
    placeholderData: keepPreviousData,
    // a request's status moves on the chain without this lender doing anything (the keeper
    // accepts a withdrawal in the clearing, a borrower's decision): asked again while the page is
    // open, as the indexer's lag is, so a status shown is never older than that
    refetchInterval: pollWhileFailing(HISTORY_REFRESH_MS),
  });

  const failure = useFailure(query);
  if (failure) {
    return (
      <LoadError
        error={failure.error}
        source="indexer"
        what={copy.loadError}
        onRetry={() => void query.refetch()}
        retrying={failure.retrying}
        testId="transactions-error"
      />
    );
  }
  if (query.isPending || !query.data) return <TableSkeleton label={copy.tableLabel} />;
  const { items, total, pageSize } = query.data;
  if (total === 0) {
    return (
      <Panel testId="transactions-empty">
        <IndexerLagNotice text={copy.behind} />
        <p>{copy.empty}</p>
        <AppLink
          href="/lending"
          className="mt-3 inline-block font-semibold text-emerald-800 underline"
        >
          {copy.emptyLink}
        </AppLink>
      </Panel>
    );
  }
  const count = Math.max(1, Math.ceil(total / pageSize));
  const from = (query.data.page - 1) * pageSize + 1;
  return (
    <div className="space-y-4">
      <IndexerLagNotice text={copy.behind} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="transactions-summary">
          {fill(copy.pagination.summary, { from, to: from + items.length - 1, total })}
        </p>
        <a
          href={transactionsCsvUrl(user)}
          download
          data-testid="transactions-csv"
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {copy.exportCsv}
        </a>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm max-lg:border-0 max-lg:bg-transparent max-lg:shadow-none lg:overflow-x-auto">
        <table
          className="w-full text-left text-sm max-lg:block"
          aria-busy={query.isFetching}
          data-testid="transactions-table"
        >
          <caption className="sr-only">{copy.tableLabel}</caption>
          <thead className="max-lg:sr-only">
            <tr className="text-xs tracking-wide text-slate-500 uppercase">
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-3 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-lg:block">
            {items.map((tx) =>
              tx.type === "Loss" ? (
                <LossRow key={tx.id} loss={tx as LossItem} />
              ) : tx.type === "FixedTerm" ? (
                <FixedTermRow key={tx.id} row={tx as FixedTermItem} />
              ) : (
                <Rows key={tx.id} tx={tx} previews={previews} />
              ),
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} count={count} onChange={setPage} disabled={query.isFetching} />
    </div>
  );
}

/**
 * /portfolio/my-transactions: a visitor gets a connect prompt; a connected wallet its requests
 * (newest first, page by page), their details and the cancel actions.
 */
export function MyTransactions() {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  if (!ready || status === "connecting" || status === "reconnecting")
    return <TableSkeleton label={copy.tableLabel} />;
  if (status !== "connected" || !address) {
    return (
      <TransactionsConnect
        prompt={copy.connectPrompt}
        connect={copy.connect}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  return <TransactionsTable key={address} user={address} />;
}
