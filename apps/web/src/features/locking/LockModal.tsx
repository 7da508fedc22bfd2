"use client";

import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import {
  amountToInput,
  calculateLaunchBonus,
  fill,
  formatDate,
  formatTokenBalance,
  getDeployment,
  lock,
  locking,
  parseAmountInput,
  tx as txCopy,
  validateLockAmount,
  type LockingOverview,
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
import { ApproveThenActButton } from "@/lib/tx/ApproveThenActButton";
import { useAppChain } from "@/lib/queries/hooks";
import { refreshIndexedSoon } from "@/lib/queries/indexed";
import { queryKeys } from "@/lib/queries/keys";
import { useTransactor } from "@/lib/tx/useTransactor";
import { KSU_DECIMALS, ksuAmount, multiplierText, periodText } from "./format";
import { lockingQueryOptions } from "./queries";
import { LockingDone, ReviewRow } from "./ui";

const copy = locking.lockModal;

/** The lock modal (registry name "lock", 600 px): form, Review, confirmed (spec sections 2, 4, 5). */
export default function LockModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const overview = useQuery(lockingQueryOptions(chainId, client, address));
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [amount, setAmount] = useState("");
  const [periodId, setPeriodId] = useState<bigint | null>(null);
  const [validation, setValidation] = useState<Validation>(DEFAULT_VALIDATION);
  const [hash, setHash] = useState<Hex | null>(null);
  const o = overview.data;
  const period = o?.lockPeriods.find((p) => p.id === periodId) ?? o?.lockPeriods[0];
  const steps = [copy.steps.form, copy.steps.review, copy.steps.done] as const;

  return (
    <Modal title={fill(copy.title, { product })} onClose={onClose}>
      <StepIndicator steps={steps} step={step} label={copy.stepsLabel} />
      {step === 3 ? (
        <LockingDone
          testId="lock"
          copy={copy.done}
          product={product}
          hash={hash ?? ""}
          onClose={onClose}
        />
      ) : !o || !period ? (
        <div aria-busy="true" className="space-y-3" data-testid="lock-loading">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-24 w-full" />
        </div>
      ) : step === 1 ? (
        <LockForm
          overview={o}
          product={product}
          amount={amount}
          periodId={period.id}
          validation={validation}
          onAmount={(text, blurred) => {
            setAmount(text);
            setValidation(
              validateAmountText(
                text,
                KSU_DECIMALS,
                (a) => validateLockAmount(a, o.ksuBalance),
                blurred,
              ),
            );
          }}
          onPeriod={setPeriodId}
          onReview={() => setStep(2)}
        />
      ) : (
        <LockReview
          overview={o}
          product={product}
          amount={parseAmountInput(amount, KSU_DECIMALS)}
          periodId={period.id}
          onAdjust={() => setStep(1)}
          onDone={(h) => {
            setHash(h);
            setStep(3);
          }}
        />
      )}
    </Modal>
  );
}

/** Step 1: amount with Max (the KSU balance), lock period with its multipliers, Review. */
function LockForm(props: {
  overview: LockingOverview;
  product: string;
  amount: string;
  periodId: bigint;
  validation: Validation;
  onAmount: (text: string, blurred: boolean) => void;
  onPeriod: (id: bigint) => void;
  onReview: () => void;
}) {
  const { overview: o, product, amount, validation } = props;
  const ids = useId();
  const [focused, setFocused] = useState(false);
  // spec section 4: disabled when empty, in error or focused
  const canReview = amount !== "" && validation.status === "success" && !focused;
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canReview) props.onReview();
      }}
    >
      <div>
        <AmountField
          id={ids}
          testId="lock"
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
            onClick: () => props.onAmount(amountToInput(o.ksuBalance, KSU_DECIMALS), true),
          }}
          error={validation.status === "error"}
          message={
            validation.message ??
            fill(copy.balance, { amount: formatTokenBalance(o.ksuBalance, KSU_DECIMALS), product })
          }
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{copy.period}</legend>
        <div className="mt-2 space-y-2">
          {o.lockPeriods.map((p) => (
            <label
              key={p.id.toString()}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
            >
              <input
                type="radio"
                name={`${ids}-period`}
                value={p.id.toString()}
                checked={p.id === props.periodId}
                onChange={() => props.onPeriod(p.id)}
                data-testid="lock-period"
              />
              <span>
                {fill(copy.periodOption, {
                  period: periodText(p),
                  product,
                  multiplier: multiplierText(p.rKSUMultiplier),
                  bonus: multiplierText(p.ksuBonusMultiplier),
                })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={!canReview}>
          {copy.review}
        </button>
      </div>
    </form>
  );
}

/** Step 2 (titled Review): what the lock gives; Approve (the amount) then Confirm. */
function LockReview(props: {
  overview: LockingOverview;
  product: string;
  amount: bigint;
  periodId: bigint;
  onAdjust: () => void;
  onDone: (hash: Hex) => void;
}) {
  const { overview: o, product, amount } = props;
  const { chainId } = useAppChain();
  const { address } = useConnection();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const deployment = getDeployment(chainId);
  const period = o.lockPeriods.find((p) => p.id === props.periodId)!;
  const rksu = (amount * period.rKSUMultiplierWad) / 10n ** 18n;
  const bonus = calculateLaunchBonus({ amount, lockPeriod: period, bonusPool: o.bonusPool });
  const unlockAt = new Date((o.chainTime + Number(period.lockPeriod)) * 1000);
  const ksu = (v: bigint) => ksuAmount(v, product);
  return (
    <div className="space-y-4 text-sm text-slate-700" data-testid="lock-review">
      <h3 className="text-base font-semibold text-slate-900">{copy.reviewTitle}</h3>
      <dl className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <ReviewRow name={copy.reviewAmount} value={ksu(amount)} testId="lock-review-amount" />
        <ReviewRow name={copy.reviewPeriod} value={periodText(period)} />
        <ReviewRow
          name={fill(copy.reviewRksu, { product })}
          value={formatTokenBalance(rksu, KSU_DECIMALS)}
          testId="lock-review-rksu"
        />
        <ReviewRow name={copy.reviewBonus} value={ksu(bonus)} testId="lock-review-bonus" />
        <ReviewRow name={copy.reviewUnlock} value={formatDate(unlockAt)} />
      </dl>
      <p>{fill(copy.reviewNote, { product })}</p>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={props.onAdjust}>
          {copy.adjust}
        </button>
        <ApproveThenActButton
          token={deployment.ksu}
          spender={deployment.ksuLocking}
          amount={amount}
          approveExact
          actLabel={txCopy.confirm}
          onAct={async () => {
            if (!address) return;
            const result = await transact(lock(deployment, { amount, lockPeriodId: period.id }), {
              title: txCopy.errors.lock,
            });
            if (!result) return;
            // locks, earned rKSU and the bonus data are refreshed (spec section 4)
            await queryClient.invalidateQueries({ queryKey: queryKeys.user(chainId, address) });
            refreshIndexedSoon(queryClient, queryKeys.rewards(chainId, address));
            props.onDone(result.hash);
          }}
        />
      </div>
    </div>
  );
}
