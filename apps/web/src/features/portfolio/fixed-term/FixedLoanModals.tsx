"use client";

import { fill, fixedTerm, formatPercent, formatUsdc, type FixedLoan } from "@lending/sdk";
import type { ReactNode } from "react";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { fixedLoanDate, fixedLoanOutcomeText } from "./outcome";

export interface FixedLoanModalProps {
  loan: FixedLoan;
  /** the fixed APY of the loan's term */
  apy: number;
}

export interface AutoConversionModalProps {
  requestEpochsInAdvance: bigint;
}

const closeButton =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800";
const date = fixedLoanDate;

function Row({ name, children, testId }: { name: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-slate-600">{name}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The fixed loan modal (registry name "fixedLoan"): one lock's fields (spec section 3). */
export function FixedLoanModal({ loan, apy, onClose }: RegistryModalProps<FixedLoanModalProps>) {
  const copy = fixedTerm.fixedLoan;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <dl className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <Row name={copy.lockId} testId="fixed-loan-id">
          {loan.lockId.toString()}
        </Row>
        <Row name={copy.startTime} testId="fixed-loan-start">
          {date(loan.startTime)}
        </Row>
        <Row name={copy.endTime} testId="fixed-loan-end">
          {date(loan.endTime)}
        </Row>
        <Row name={copy.amount} testId="fixed-loan-amount">
          {fill(fixedTerm.usdc, { amount: formatUsdc(loan.amount) })}
        </Row>
        <Row name={copy.apy} testId="fixed-loan-apy">
          {formatPercent(apy)}
        </Row>
        <Row name={copy.outcome} testId="fixed-loan-outcome">
          {fixedLoanOutcomeText(loan)}
        </Row>
      </dl>
      <div className="mt-4 flex justify-end">
        <button type="button" className={closeButton} onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </Modal>
  );
}

/** The auto conversion to variable modal (registry name "autoConversion"). */
export function AutoConversionModal({
  requestEpochsInAdvance,
  onClose,
}: RegistryModalProps<AutoConversionModalProps>) {
  const copy = fixedTerm.autoConversion;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700" data-testid="auto-conversion">
        <p>{copy.text}</p>
        <p>
          {fill(copy.atExpiry, {
            epochs: requestEpochsInAdvance.toString(),
            unit:
              requestEpochsInAdvance === 1n ? fixedTerm.atExpiry.epoch : fixedTerm.atExpiry.epochs,
          })}
        </p>
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className={closeButton} onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </Modal>
  );
}
