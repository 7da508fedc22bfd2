"use client";

import { decisions as copy, fill, formatUsdc } from "@lending/sdk";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";

export interface DecisionDoneModalProps {
  borrower: string;
  /** the lender's part of the loan (USDC units as a string), when known */
  exposure?: string | null;
}

const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";

function Done({
  title,
  text,
  detail,
  testId,
  onClose,
}: {
  title: string;
  text: string;
  /** a second line (the amount an opt-out returns) */
  detail?: string;
  testId: string;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-700" data-testid={testId}>
        <p>{text}</p>
        {detail ? <p data-testid={`${testId}-amount`}>{detail}</p> : null}
        <div className="flex justify-end">
          <button type="button" className={secondary} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The opt in modal (registry name "optedIn"): the confirmation of an opt-in. */
export function OptedInModal({ borrower, onClose }: RegistryModalProps<DecisionDoneModalProps>) {
  return (
    <Done
      title={copy.optedInTitle}
      text={fill(copy.optedInText, { borrower })}
      testId="opted-in"
      onClose={onClose}
    />
  );
}

/** The opt out modal (registry name "optedOut"): the confirmation of an opt-out. */
export function OptedOutModal({
  borrower,
  exposure,
  onClose,
}: RegistryModalProps<DecisionDoneModalProps>) {
  return (
    <Done
      title={copy.optedOutTitle}
      text={fill(copy.optedOutText, { borrower })}
      detail={
        exposure == null
          ? undefined
          : fill(copy.optedOutAmount, { amount: formatUsdc(BigInt(exposure)) })
      }
      testId="opted-out"
      onClose={onClose}
    />
  );
}
