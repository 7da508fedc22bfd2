"use client";

import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import {
  amountToInput,
  canUnlock,
  fill,
  formatDate,
  formatTokenBalance,
  getDeployment,
  locking,
  parseAmountInput,
  tx as txCopy,
  unlock,
  validateUnlockAmount,
  type LockingOverview,
  type UserLock,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Hex } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { AmountField } from "@/components/ui/AmountField";
import {
  DEFAULT_VALIDATION,
  validateAmountText,
  type Validation,
} from "@/components/ui/amountValidation";
import { Skeleton } from "@/components/ui/Skeleton";
import { StepIndicator } from "@/components/ui/StepIndicator";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { useAppChain } from "@/lib/queries/hooks";
import { refreshIndexedSoon } from "@/lib/queries/indexed";
import { queryKeys } from "@/lib/queries/keys";
import { useTransactor } from "@/lib/tx/useTransactor";
import { KSU_DECIMALS, ksuAmount, lockNumber, periodText } from "./format";
import { lockingQueryOptions } from "./queries";
import { LockingDone, ReviewRow } from "./ui";

const copy = locking.unlockModal;

export interface UnlockModalProps {
  /** the lock to start with (else the first one that can be unlocked) */
  lockId?: bigint;
}

/** The unlock modal (registry name "unlock"): edit, Review, confirmed; no approval needed. */
export default function UnlockModal({ lockId, onClose }: RegistryModalProps<UnlockModalProps>) {
  const { productSymbol: product } = usePublicConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const overview = useQuery(lockingQueryOptions(chainId, client, address));
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [amount, setAmount] = useState("");
  const [chosen, setChosen] = useState<bigint | undefined>(lockId);
  const [validation, setValidation] = useState<Validation>(DEFAULT_VALIDATION);
  const [hash, setHash] = useState<Hex | null>(null);
  const o = overview.data;
  // only locks the contract would unlock now (startTime + lockPeriod <= the chain's time)
  const unlockable = o ? o.locks.filter((l) => canUnlock(l, o.chainTime)) : [];
  const current = unlockable.find((l) => l.id === chosen) ?? unlockable[0];
  const steps = [copy.steps.form, copy.steps.review, copy.steps.done] as const;
  const check = (text: string, blurred: boolean, l: UserLock | undefined) =>
    validateAmountText(
      text,
      KSU_DECIMALS,
      (a) => validateUnlockAmount(a, l?.lockedAmount ?? 0n),
      blurred,
    );

  let body;
  if (step === 3) {
    body = (
      <LockingDone
        testId="unlock"
        copy={copy.done}
        product={product}
        hash={hash ?? ""}
        onClose={onClose}
      />
    );
  } else if (!o) {
    body = (
      <div aria-busy="true" className="space-y-3" data-testid="unlock-loading">
        <Skeleton className="block h-10 w-full" />
        <Skeleton className="block h-10 w-full" />
      </div>
    );
  } else if (!current) {
    body = (
      <p className="text-slate-700" data-testid="unlock-none">
        {copy.none}
      </p>
    );
  } else if (step === 1) {
    body = (
      <UnlockForm
        overview={o}
        locks={unlockable}
        current={current}
        product={product}
        amount={amount}
        validation={validation}
        onLock={(id) => {
          // another lock clears the amount
          setChosen(id);
          setAmount("");
          setValidation(DEFAULT_VALIDATION);
        }}
        onAmount={(text, blurred) => {
          setAmount(text);
          setValidation(check(text, blurred, current));
        }}
        onReview={() => setStep(2)}
      />
    );
  } else {
    body = (
      <UnlockReview
        current={current}
        product={product}
        amount={parseAmountInput(amount, KSU_DECIMALS)}
        onAdjust={() => setStep(1)}
        onDone={(h) => {
          setHash(h);
          setStep(3);
        }}
      />
    );
  }
  return (
    <Modal title={fill(copy.title, { product })} onClose={onClose}>
      <StepIndicator steps={steps} step={step} label={copy.stepsLabel} />
      {body}
    </Modal>
  );
}

function UnlockForm(props: {
  overview: LockingOverview;
  locks: readonly UserLock[];
  current: UserLock;
  product: string;
  amount: string;
  validation: Validation;
  onLock: (id: bigint) => void;
  onAmount: (text: string, blurred: boolean) => void;
  onReview: () => void;
}) {
  const { overview: o, current, product, amount, validation } = props;
  const ids = useId();
  const [focused, setFocused] = useState(false);
  const canReview = amount !== "" && validation.status === "success" && !focused;
  const periodOf = (l: UserLock) => o.lockPeriods.find((p) => p.id === l.lockPeriodId);
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canReview) props.onReview();
      }}
    >
      <div>
        <label htmlFor={`${ids}-lock`} className="block text-sm font-medium text-slate-800">
          {copy.lock}
        </label>
        <select
          id={`${ids}-lock`}
          data-testid="unlock-lock"
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          value={current.id.toString()}
          onChange={(e) => props.onLock(BigInt(e.target.value))}
        >
          {props.locks.map((l) => {
            const p = periodOf(l);
            return (
              <option key={l.id.toString()} value={l.id.toString()}>
                {fill(copy.lockOption, {
                  id: lockNumber(l.id),
                  amount: formatTokenBalance(l.lockedAmount, KSU_DECIMALS),
                  product,
                  period: p ? periodText(p) : "–",
                  date: formatDate(new Date(l.startTime * 1000)),
                })}
              </option>
            );
          })}
        </select>
      </div>
      <div>
        <AmountField
          id={ids}
          testId="unlock"
          label={fill(copy.amount, { product })}
          value={amount}
          decimals={KSU_DECIMALS}
          onFocus={() => setFocused(true)}
          onText={(text) => props.onAmount(text, false)}
          onBlur={() => {
            setFocused(false);
            props.onAmount(amount, true);
          }}
          max={{
            label: copy.max,
            onClick: () => props.onAmount(amountToInput(current.lockedAmount, KSU_DECIMALS), true),
          }}
          error={validation.status === "error"}
          message={
            validation.message ??
            fill(copy.locked, {
              amount: formatTokenBalance(current.lockedAmount, KSU_DECIMALS),
              product,
            })
          }
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={!canReview}>
          {copy.review}
        </button>
      </div>
    </form>
  );
}

function UnlockReview(props: {
  current: UserLock;
  product: string;
  amount: bigint;
  onAdjust: () => void;
  onDone: (hash: Hex) => void;
}) {
  const { current, product, amount } = props;
  const { chainId } = useAppChain();
  const { address } = useConnection();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remaining = current.lockedAmount - amount;
  const burned =
    current.lockedAmount === 0n
      ? 0n
      : current.rKSUAmount - (remaining * current.rKSUAmount) / current.lockedAmount;

  async function confirm() {
    if (!address) return;
    setBusy(true);
    try {
      const result = await transact(
        unlock(getDeployment(chainId), { amount, lockId: current.id }),
        { title: txCopy.errors.unlock },
      );
      if (!result) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(chainId, address) });
      refreshIndexedSoon(queryClient, queryKeys.rewards(chainId, address));
      props.onDone(result.hash);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4 text-sm text-slate-700" data-testid="unlock-review">
      <h3 className="text-base font-semibold text-slate-900">{copy.reviewTitle}</h3>
      <dl className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <ReviewRow
          name={copy.reviewAmount}
          value={ksuAmount(amount, product)}
          testId="unlock-review-amount"
        />
        <ReviewRow name={copy.reviewLock} value={current.id.toString()} />
        <ReviewRow
          name={fill(copy.reviewRksu, { product })}
          value={formatTokenBalance(burned, KSU_DECIMALS)}
        />
      </dl>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={props.onAdjust} disabled={busy}>
          {copy.adjust}
        </button>
        <button type="button" className={primaryButton} onClick={confirm} disabled={busy}>
          {busy ? txCopy.confirming : txCopy.confirm}
        </button>
      </div>
    </div>
  );
}
