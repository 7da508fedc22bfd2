"use client";

import {
  buildContractDownloadMessage,
  fill,
  formatDateTime,
  formatUsdc,
  lend,
  portfolio,
  type LoanContractListItem,
  type LoanContractPage,
} from "@lending/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Address } from "viem";
import { useConfig, useConnection, type Config } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { Skeleton } from "@/components/ui/Skeleton";
import { apiGet } from "@/lib/api";
import { queryKeys } from "@/lib/queries/keys";
import { logClientError } from "@/lib/tx/pipeline";
import { signOrDecline } from "@/lib/tx/signMessage";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { downloadContractPdf } from "@/server/actions/loan-contracts";

const copy = portfolio.contracts;
const PAGE_SIZE = 10;
const secondary =
  "rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/** Saves `base64` (a PDF) under `fileName` through a temporary link. */
function saveFile(fileName: string, base64: string, contentType: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Signs "a request for contract content for {address}/{id} at {now}" and saves the PDF the server
 * renders; a declined signature or a refused request is a toast, nothing is saved.
 */
async function downloadContract(args: {
  config: Config;
  chainId: number;
  address: Address;
  id: number;
}) {
  const { config, chainId, address, id } = args;
  const timestamp = Date.now();
  try {
    const signature = await signOrDecline(
      config,
      buildContractDownloadMessage({ address, id, timestamp, chainId }),
      lend.review.viewError,
    );
    if (!signature) return;
    const pdf = await downloadContractPdf({ address, id, signature, timestamp, chain: chainId });
    if ("error" in pdf) {
      void showToast({ type: "error", title: lend.review.viewError, message: pdf.message });
      return;
    }
    saveFile(pdf.fileName, pdf.base64, pdf.contentType);
  } catch (error) {
    const message = (error as Error).message || copy.error;
    void showToast({ type: "error", title: lend.review.viewError, message });
    await logClientError(error, { chainId, address, title: lend.review.viewError, message });
  }
}

/**
 * The view loan contracts modal (registry name "viewLoanContracts", issue 12): the lender's signed
 * contracts, those its deposits carried on chain, with the deposit and the accepted amount from
 * the indexed clearing. Download signs "a request for contract content for {address}/{id} at
 * {timestamp}" and saves loan-contract-{timestamp}.pdf; a refused signature shows 'Message
 * signature request declined.' with 'Unable to view Loan Contract.'.
 */
export default function ViewLoanContractsModal({ onClose }: RegistryModalProps) {
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const { address } = useConnection();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<number | null>(null);
  const user = address?.toLowerCase() ?? "";
  const contracts = useQuery({
    queryKey: [...queryKeys.user(chainId, user), "loanContracts", page],
    queryFn: () =>
      apiGet<LoanContractPage>(
        `/api/loan-contracts?${new URLSearchParams({
          chainId: String(chainId),
          userAddress: user,
          page: String(page),
          pageSize: String(PAGE_SIZE),
        })}`,
      ),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });

  async function download(item: LoanContractListItem) {
    if (!address) return;
    setDownloading(item.id);
    try {
      await downloadContract({ config, chainId, address, id: item.id });
    } finally {
      setDownloading(null);
    }
  }

  const data = contracts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Modal title={copy.title} onClose={onClose} size="wide">
      <div className="space-y-4 text-sm text-slate-700" data-testid="loan-contracts">
        {contracts.isError ? (
          <p role="alert" className="text-red-800">
            {copy.error}
          </p>
        ) : !data ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">{copy.loading}</span>
            <Skeleton className="block h-10 w-full" />
            <Skeleton className="block h-10 w-full" />
          </div>
        ) : data.total === 0 ? (
          <p data-testid="loan-contracts-empty">{copy.empty}</p>
        ) : (
          <>
            <p>{copy.signatureNote}</p>
            <ul className="space-y-3 sm:hidden" aria-label={copy.caption}>
              {data.items.map((item) => (
                <li
                  key={item.id}
                  className="rounded-lg border border-slate-200 p-3"
                  data-testid="loan-contract"
                >
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
                    <Field name={copy.contract}>#{item.id}</Field>
                    <Field name={copy.date}>{formatDateTime(new Date(item.timestamp))}</Field>
                    <Field name={copy.pool}>{poolLabel(item)}</Field>
                    <Field name={copy.depositAmount}>{usdc(item.depositAmount)}</Field>
                    <Field name={copy.acceptedAmount}>{accepted(item)}</Field>
                  </dl>
                  <DownloadButton
                    item={item}
                    busy={downloading}
                    onClick={() => void download(item)}
                  />
                </li>
              ))}
            </ul>
            <table className="hidden w-full border-collapse text-left sm:table">
              <caption className="sr-only">{copy.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th scope="col" className="py-2 font-medium">
                    {copy.contract}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {copy.date}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {copy.pool}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {copy.depositAmount}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {copy.acceptedAmount}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{copy.download}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr
                    key={item.id}
                    className="border-b border-slate-100"
                    data-testid="loan-contract-row"
                  >
                    <td className="py-2 tabular-nums">#{item.id}</td>
                    <td className="py-2 tabular-nums">
                      {formatDateTime(new Date(item.timestamp))}
                    </td>
                    <td className="py-2">{poolLabel(item)}</td>
                    <td className="py-2 text-right tabular-nums">{usdc(item.depositAmount)}</td>
                    <td className="py-2 text-right tabular-nums">{accepted(item)}</td>
                    <td className="py-2 text-right">
                      <DownloadButton
                        item={item}
                        busy={downloading}
                        onClick={() => void download(item)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <nav className="flex items-center justify-between gap-3" aria-label={copy.caption}>
                <button
                  type="button"
                  className={secondary}
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  {copy.previous}
                </button>
                <span>{fill(copy.pageOf, { page, pages })}</span>
                <button
                  type="button"
                  className={secondary}
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {copy.next}
                </button>
              </nav>
            )}
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className={secondary} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}

const usdc = (amount: string) => fill(portfolio.usdc, { amount: formatUsdc(BigInt(amount)) });
const accepted = (item: LoanContractListItem) =>
  item.acceptedAmount === null ? copy.pending : usdc(item.acceptedAmount);
const poolLabel = (item: LoanContractListItem) =>
  [item.poolName, item.trancheName].filter(Boolean).join(" · ");

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{name}</dt>
      <dd className="break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function DownloadButton({
  item,
  busy,
  onClick,
}: {
  item: LoanContractListItem;
  busy: number | null;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`${secondary} mt-2 sm:mt-0`}
      disabled={busy !== null}
      aria-label={fill(copy.downloadLabel, { id: item.id })}
      onClick={onClick}
      data-testid="loan-contract-download"
    >
      {busy === item.id ? copy.downloading : copy.download}
    </button>
  );
}
