"use client";

import {
  canWithdrawAtExpiry,
  fill,
  type FixedLoan,
  fixedTerm,
  formatUsdc,
  getDeployment,
  tx as txCopy,
  withdrawAtExpiry,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Hex } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { Skeleton } from "@/components/ui/Skeleton";
import { StepIndicator } from "@/components/ui/StepIndicator";
import { TxDone } from "@/components/tx/TxDone";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { useTransactor } from "@/lib/tx/useTransactor";
import { portfolioQueryOptions } from "../queries";
import { fixedLoanDate } from "./outcome";

export interface WithdrawAtExpiryModalProps {
  poolId: bigint;
  trancheId: bigint;
}

const copy = fixedTerm.atExpiry;
const STEPS = [copy.steps.select, copy.steps.done] as const;
const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50";
const date = fixedLoanDate;

/**
 * The withdraw funds at expiry modal (registry name "withdrawAtExpiry", 600 px): step 1 a table
 * of the tranche's fixed loans that can still be withdrawn at expiry (radio selection, nothing
 * selected at first: confirming with nothing selected sends nothing, as the spec says, and asks
 * for a selection), step 2
 * once the transaction is mined.
 */
export default function WithdrawAtExpiryModal({
  poolId,
  trancheId,
  onClose,
}: RegistryModalProps<WithdrawAtExpiryModalProps>) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const portfolio = useQuery(portfolioQueryOptions(chainId, client, address));
  const [done, setDone] = useState<{ hash: Hex; epoch: bigint } | null>(null);
  const data = portfolio.data;
  const pool = data?.pools.find((p) => p.id === poolId);

  return (
    <Modal title={copy.title} onClose={onClose}>
      <StepIndicator steps={STEPS} step={done ? 2 : 1} label={copy.stepsLabel} />
      {done ? (
        <TxDone
          testId="withdraw-at-expiry"
          copy={copy.done}
          text={fill(copy.doneText, { epoch: done.epoch.toString() })}
          hash={done.hash}
          onClose={onClose}
        />
      ) : !data || !pool ? (
        <div aria-busy="true" className="space-y-3" data-testid="withdraw-at-expiry-loading">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-full" />
        </div>
      ) : (
        <SelectLoan
          poolId={poolId}
          loans={data.fixedLoans.filter(
            (l) =>
              l.poolId === poolId &&
              l.trancheId === trancheId &&
              canWithdrawAtExpiry(l, data.requestEpoch, pool.requestEpochsInAdvance),
          )}
          requestEpochsInAdvance={pool.requestEpochsInAdvance}
          onCancel={onClose}
          onDone={(hash, loan) => setDone({ hash, epoch: loan.endEpoch + 1n })}
        />
      )}
    </Modal>
  );
}

function SelectLoan({
  poolId,
  loans,
  requestEpochsInAdvance,
  onCancel,
  onDone,
}: {
  poolId: bigint;
  loans: FixedLoan[];
  requestEpochsInAdvance: bigint;
  onCancel: () => void;
  onDone: (hash: Hex, loan: FixedLoan) => void;
}) {
  const ids = useId();
  const { chainId } = useAppChain();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<bigint | null>(null);
  const [busy, setBusy] = useState(false);
  // Confirm with nothing selected sends nothing (spec section 5: nothing is selected at first)
  // and says why, instead of doing nothing
  const [missing, setMissing] = useState(false);

  async function confirm() {
    const loan = loans.find((l) => l.lockId === selected);
    if (!loan) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const tx = withdrawAtExpiry(getDeployment(chainId), { poolId, lockId: loan.lockId });
      const result = await transact(tx, { title: txCopy.errors.withdrawAtExpiry });
      if (!result) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      onDone(result.hash, loan);
    } finally {
      setBusy(false);
    }
  }

  const epochs = requestEpochsInAdvance.toString();
  return (
    <div className="space-y-4 text-sm text-slate-700">
      {loans.length === 0 ? (
        <p data-testid="withdraw-at-expiry-none">{copy.none}</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">{copy.caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="w-14 py-2 font-medium">
                {copy.select}
              </th>
              <th scope="col" className="py-2 font-medium">
                {copy.startDate}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {copy.amount}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {copy.fixedUntil}
              </th>
            </tr>
          </thead>
          <tbody>
            {loans.map((l) => {
              const amount = formatUsdc(l.amount);
              return (
                <tr
                  key={l.lockId.toString()}
                  className="border-b border-slate-100"
                  data-testid="withdraw-at-expiry-loan"
                >
                  <td className="py-2">
                    <input
                      type="radio"
                      name={`${ids}-loan`}
                      checked={selected === l.lockId}
                      onChange={() => {
                        setSelected(l.lockId);
                        setMissing(false);
                      }}
                      aria-describedby={missing ? `${ids}-missing` : undefined}
                      aria-label={fill(copy.selectLoan, { amount, date: date(l.endTime) })}
                      className="accent-emerald-700"
                    />
                  </td>
                  <td className="py-2 tabular-nums">{date(l.startTime)}</td>
                  <td className="py-2 text-right tabular-nums">
                    {fill(fixedTerm.usdc, { amount })}
                  </td>
                  <td className="py-2 text-right tabular-nums">{date(l.endTime)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p>
        {fill(copy.advance, {
          epochs,
          unit: requestEpochsInAdvance === 1n ? copy.epoch : copy.epochs,
        })}
      </p>
      {missing ? (
        <p
          id={`${ids}-missing`}
          role="alert"
          className="text-red-800"
          data-testid="withdraw-at-expiry-select-required"
        >
          {copy.selectRequired}
        </p>
      ) : null}
      <div className="flex justify-end gap-3">
        <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
          {copy.cancel}
        </button>
        <button
          type="button"
          className={primary}
          onClick={() => void confirm()}
          disabled={busy || loans.length === 0}
          data-testid="withdraw-at-expiry-confirm"
        >
          {busy ? copy.confirming : copy.confirm}
        </button>
      </div>
    </div>
  );
}
