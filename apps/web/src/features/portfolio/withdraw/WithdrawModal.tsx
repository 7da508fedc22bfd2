"use client";

import {
  amountToInput,
  fill,
  formatUsdc,
  getDeployment,
  type InputStatus,
  isMaxWithdrawal,
  parseAmountInput,
  type PortfolioPosition,
  readMaxWithdrawalShares,
  requestWithdrawalInUSDC,
  requestWithdrawalMax,
  shortenAddress,
  tx as txCopy,
  USDC_DECIMALS,
  validateWithdrawAmount,
  withdraw,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Address, Hex } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { AmountField } from "@/components/ui/AmountField";
import { Skeleton } from "@/components/ui/Skeleton";
import { StepIndicator } from "@/components/ui/StepIndicator";
import { DocumentLink } from "@/components/ui/DocumentLink";
import { Template } from "@/components/ui/Template";
import { TxDone } from "@/components/tx/TxDone";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { useRequestClearingDate } from "@/lib/queries/useRequestClearingDate";
import { logClientError } from "@/lib/tx/pipeline";
import { useTransactor } from "@/lib/tx/useTransactor";
import { portfolioQueryOptions } from "../queries";

export interface WithdrawModalProps {
  poolId: bigint;
  trancheId: bigint;
}

const STEPS = [withdraw.steps.details, withdraw.steps.review, withdraw.steps.done] as const;
const label = "block text-sm font-medium text-slate-800";
const field =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none";
const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50";

/** Withdraw modal state (spec section 3): amount (string), trancheId, txHash. */
export interface WithdrawState {
  step: 1 | 2 | 3;
  amount: string;
  trancheId: bigint;
  txHash: Hex | null;
}

/** Field status and message after a validation run (spec section 5). */
export interface Validation {
  status: InputStatus;
  message: string | null;
}

const DEFAULT_VALIDATION: Validation = { status: "default", message: null };

/** Runs the SDK's withdraw rule; `blurred` treats an empty field as 0 ('Amount is required'). */
export function runWithdrawValidation(
  text: string,
  available: bigint,
  blurred = false,
): Validation {
  const amount = text === "" ? (blurred ? 0n : null) : parseAmountInput(text, USDC_DECIMALS);
  const { status, error } = validateWithdrawAmount(amount, available);
  return { status, message: error?.message ?? null };
}

/** The withdraw modal (registry name "withdraw", 600 px): 3 steps with a step indicator. */
export default function WithdrawModal({
  poolId,
  trancheId,
  onClose,
}: RegistryModalProps<WithdrawModalProps>) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const portfolio = useQuery(portfolioQueryOptions(chainId, client, address));
  const [state, setState] = useState<WithdrawState>({
    step: 1,
    amount: "",
    trancheId,
    txHash: null,
  });
  const [validation, setValidation] = useState<Validation>(DEFAULT_VALIDATION);
  const positions = portfolio.data?.summary.pools.find((p) => p.poolId === poolId)?.positions ?? [];
  const pool = portfolio.data?.summary.pools.find((p) => p.poolId === poolId);
  const position = positions.find((p) => p.trancheId === state.trancheId);

  return (
    <Modal title={withdraw.title} onClose={onClose}>
      <StepIndicator steps={STEPS} step={state.step} label={withdraw.stepsLabel} />
      {state.step === 3 ? (
        <WithdrawStep3 hash={state.txHash ?? ""} address={address ?? ""} onClose={onClose} />
      ) : !pool || !position ? (
        <div aria-busy="true" className="space-y-3" data-testid="withdraw-loading">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-full" />
        </div>
      ) : state.step === 1 ? (
        <WithdrawStep1
          poolName={pool.poolName}
          totalInvested={pool.totalInvested}
          positions={positions}
          position={position}
          state={state}
          validation={validation}
          setValidation={setValidation}
          setState={setState}
        />
      ) : (
        <WithdrawStep2
          position={position}
          amount={state.amount}
          onAdjust={() => setState((s) => ({ ...s, step: 1 }))}
          onDone={(hash) => setState((s) => ({ ...s, step: 3, txHash: hash }))}
        />
      )}
    </Modal>
  );
}

function Figure({ name, value, testId }: { name: string; value: bigint; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{name}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {fill(withdraw.details.usdc, { amount: formatUsdc(value) })}
      </dd>
    </div>
  );
}

/** Step 1: pool figures, tranche selector, amount with Max, Next. */
export function WithdrawStep1({
  poolName,
  totalInvested,
  positions,
  position,
  state,
  validation,
  setValidation,
  setState,
}: {
  poolName: string;
  totalInvested: bigint;
  positions: readonly PortfolioPosition[];
  position: PortfolioPosition;
  state: WithdrawState;
  validation: Validation;
  setValidation: (v: Validation) => void;
  setState: (update: (s: WithdrawState) => WithdrawState) => void;
}) {
  const ids = useId();
  const [focused, setFocused] = useState(false);
  const copy = withdraw.details;
  const available = position.availableToWithdraw;
  const canContinue = state.amount !== "" && validation.status === "success" && !focused;
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canContinue) setState((s) => ({ ...s, step: 2 }));
      }}
    >
      <dl className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">{copy.pool}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="withdraw-pool">
            {poolName}
          </dd>
        </div>
        <Figure name={copy.totalInvested} value={totalInvested} testId="withdraw-total-invested" />
        <Figure name={copy.trancheBalance} value={position.balance} testId="withdraw-balance" />
        <Figure name={copy.availableToWithdraw} value={available} testId="withdraw-available" />
      </dl>
      <div>
        <label htmlFor={`${ids}-tranche`} className={label}>
          {copy.tranche}
        </label>
        <select
          id={`${ids}-tranche`}
          data-testid="withdraw-tranche"
          className={field}
          value={state.trancheId.toString()}
          onChange={(e) => {
            const trancheId = BigInt(e.target.value);
            // choosing another tranche clears the amount (spec section 4)
            setState((s) => ({ ...s, trancheId, amount: "" }));
            setValidation(DEFAULT_VALIDATION);
          }}
        >
          {positions.map((p) => (
            <option key={p.trancheId.toString()} value={p.trancheId.toString()}>
              {p.trancheName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <AmountField
          id={ids}
          testId="withdraw"
          label={copy.amount}
          value={state.amount}
          decimals={USDC_DECIMALS}
          onFocus={() => setFocused(true)}
          onText={(text) => {
            setState((s) => ({ ...s, amount: text }));
            setValidation(runWithdrawValidation(text, available));
          }}
          onBlur={() => {
            setFocused(false);
            setValidation(runWithdrawValidation(state.amount, available, true));
          }}
          max={{
            label: copy.max,
            onClick: () => {
              const text = amountToInput(available, USDC_DECIMALS);
              setState((s) => ({ ...s, amount: text }));
              setValidation(runWithdrawValidation(text, available, true));
            },
          }}
          error={validation.status === "error"}
          message={validation.message ?? ""}
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={primary} disabled={!canContinue}>
          {copy.next}
        </button>
      </div>
    </form>
  );
}

/** Step 2: review (pool, tranche when the pool has several, amount, destination, notices). */
function WithdrawStep2({
  position,
  amount,
  onAdjust,
  onDone,
}: {
  position: PortfolioPosition;
  amount: string;
  onAdjust: () => void;
  onDone: (hash: Hex) => void;
}) {
  const copy = withdraw.review;
  const clearingDate = useRequestClearingDate();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const value = parseAmountInput(amount, USDC_DECIMALS);

  async function confirm() {
    if (!address || !client) {
      // a missing withdraw account is logged only (spec section 8)
      await logClientError(new Error("withdraw without a connected account"), {
        chainId,
        title: txCopy.errors.withdraw,
      });
      return;
    }
    setBusy(true);
    try {
      const tx = await buildWithdrawal(chainId, client, address, position, value);
      if (!tx) return;
      const result = await transact(tx, { title: txCopy.errors.withdraw });
      if (!result) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      onDone(result.hash);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4 text-sm text-slate-700">
      <dl className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <Row name={copy.pool} value={position.poolName} />
        {position.multiTranche ? <Row name={copy.tranche} value={position.trancheName} /> : null}
        <Row
          name={copy.amount}
          value={fill(withdraw.details.usdc, { amount: formatUsdc(value) })}
          testId="withdraw-review-amount"
        />
        <Row name={copy.destination} value={address ?? ""} mono testId="withdraw-destination" />
      </dl>
      <p>
        <Template
          text={copy.terms}
          values={{
            link: (
              <DocumentLink href="/lending/important-information-document">
                {copy.termsLink}
              </DocumentLink>
            ),
          }}
        />
      </p>
      <p data-testid="withdraw-schedule">
        {clearingDate ? fill(copy.schedule, { date: clearingDate }) : copy.scheduleNoDate}
      </p>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondary} onClick={onAdjust} disabled={busy}>
          {copy.adjust}
        </button>
        <button type="button" className={primary} onClick={confirm} disabled={busy}>
          {busy ? copy.confirming : copy.confirm}
        </button>
      </div>
    </div>
  );
}

/**
 * The withdrawal transaction: all the free shares when the amount is all that is available (the
 * max-withdrawal variant: no rounding dust left), else the USDC amount converted to shares by the
 * SDK. A conversion error shows the 'withdraw error' toast and answers null.
 */
async function buildWithdrawal(
  chainId: number,
  client: NonNullable<ReturnType<typeof useAppChain>["client"]>,
  user: Address,
  position: PortfolioPosition,
  amount: bigint,
) {
  const deployment = getDeployment(chainId);
  const { poolId, trancheId } = position;
  try {
    if (isMaxWithdrawal(amount, position.availableToWithdraw)) {
      const shares = await readMaxWithdrawalShares(client, deployment, {
        poolId,
        trancheId,
        user,
      });
      return requestWithdrawalMax(deployment, { poolId, trancheId, shares });
    }
    return await requestWithdrawalInUSDC(client, deployment, { poolId, trancheId, amount });
  } catch (error) {
    void showToast({
      type: "error",
      title: txCopy.errors.withdraw,
      message: error instanceof Error ? error.message : txCopy.unexpectedError,
    });
    return null;
  }
}

function Row({
  name,
  value,
  mono = false,
  testId,
}: {
  name: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-slate-600">{name}</dt>
      <dd
        data-testid={testId}
        className={`font-semibold text-slate-900 ${mono ? "font-mono text-xs break-all" : ""}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** Step 3: confirmed, with the shortened address, the transaction link and Close. */
function WithdrawStep3({
  hash,
  address,
  onClose,
}: {
  hash: string;
  address: string;
  onClose: () => void;
}) {
  const clearingDate = useRequestClearingDate();
  return (
    <TxDone
      testId="withdraw"
      copy={withdraw.done}
      text={
        clearingDate
          ? fill(withdraw.done.text, { address: shortenAddress(address), date: clearingDate })
          : fill(withdraw.done.textNoDate, { address: shortenAddress(address) })
      }
      hash={hash}
      onClose={onClose}
    />
  );
}
