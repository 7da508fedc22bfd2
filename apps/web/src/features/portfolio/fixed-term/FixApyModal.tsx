"use client";

import {
  amountToInput,
  countdownParts,
  fill,
  fixedTerm,
  type FixedTermConfig,
  formatCountdown,
  formatEpochLockDuration,
  formatPercent,
  formatUsdc,
  getDeployment,
  type InputStatus,
  isFixApyLockedOut,
  lendingPoolManagerAbi,
  lockDepositForFixedTerm,
  parseAmountInput,
  type PortfolioPosition,
  tx as txCopy,
  usableFixedTermConfigs,
  USDC_DECIMALS,
  validateFixApyAmount,
  readContract,
} from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Address, Client, Hex } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { AmountField } from "@/components/ui/AmountField";
import { Skeleton } from "@/components/ui/Skeleton";
import { StepIndicator } from "@/components/ui/StepIndicator";
import { TxDone } from "@/components/tx/TxDone";
import { useNow } from "@/lib/clock";
import { useAppChain, useEpochTimes } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { useTransactor } from "@/lib/tx/useTransactor";
import { portfolioQueryOptions } from "../queries";

export interface FixApyModalProps {
  poolId: bigint;
  trancheId: bigint;
}

const copy = fixedTerm.fixApy;
const STEPS = [copy.steps.form, copy.steps.done] as const;
const primary =
  "rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
const secondary =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50";

/** Field status and message after a validation run (spec section 5). */
interface Validation {
  status: InputStatus;
  message: string | null;
}

/**
 * Runs the SDK's Fix APY rule: an empty field is only an error once left ('Amount is required'),
 * above the free variable balance is 'Insufficient Balance'.
 */
export function runFixApyValidation(text: string, available: bigint, blurred = false): Validation {
  if (text === "" && !blurred) return { status: "default", message: null };
  const amount = text === "" ? 0n : parseAmountInput(text, USDC_DECIMALS);
  const error = validateFixApyAmount(amount ?? 0n, available);
  return error ? { status: "error", message: error.message } : { status: "success", message: null };
}

/** The fixed-term configs of a tranche this wallet is on the allowlist of (on-chain reads). */
function useAllowlisted(
  poolId: bigint,
  trancheId: bigint,
  configs: readonly FixedTermConfig[] | undefined,
) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const restricted = (configs ?? []).filter((c) => c.fixedTermDepositStatus === "Allowlist");
  return useQuery({
    queryKey: [
      ...queryKeys.user(chainId, address ?? ""),
      "fixedTermAllowlist",
      poolId.toString(),
      trancheId.toString(),
      restricted.map((c) => c.configId.toString()).join(","),
    ],
    queryFn: async () => {
      const deployment = getDeployment(chainId);
      const listed = await Promise.all(
        restricted.map((c) =>
          readContract(client as Client, {
            address: deployment.lendingPoolManager,
            abi: lendingPoolManagerAbi,
            functionName: "isFixedTermAllowlisted",
            args: [poolId, trancheId, c.configId, address as Address],
          }),
        ),
      );
      return restricted.filter((_, i) => listed[i]).map((c) => c.configId);
    },
    enabled: Boolean(client && address && configs),
  });
}

/**
 * The Fix APY modal (registry name "fixApy", 600 px), opened from a position of the portfolio:
 * step 1 the form (a fixed term the wallet may use, an amount of the free variable balance), or,
 * within 2 days of the epoch's end, a countdown to the next epoch instead; step 2 the
 * confirmation with the transaction link.
 */
export default function FixApyModal({
  poolId,
  trancheId,
  onClose,
}: RegistryModalProps<FixApyModalProps>) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const portfolio = useQuery(portfolioQueryOptions(chainId, client, address));
  const epochs = useEpochTimes();
  const tranche = portfolio.data?.pools
    .find((p) => p.id === poolId)
    ?.tranches.find((t) => t.id === trancheId);
  const allowlisted = useAllowlisted(poolId, trancheId, tranche?.fixedTermConfig);
  const position = portfolio.data?.summary.pools
    .find((p) => p.poolId === poolId)
    ?.positions.find((p) => p.trancheId === trancheId);
  const [done, setDone] = useState<{ hash: Hex; text: string } | null>(null);

  const ready = position && tranche && allowlisted.data && epochs.data;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <StepIndicator steps={STEPS} step={done ? 2 : 1} label={copy.stepsLabel} />
      {done ? (
        <TxDone
          testId="fix-apy"
          copy={copy.done}
          text={done.text}
          hash={done.hash}
          onClose={onClose}
        />
      ) : !ready ? (
        <div aria-busy="true" className="space-y-3" data-testid="fix-apy-loading">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-full" />
        </div>
      ) : (
        <FixApyGate
          nextEpochStart={epochs.data.nextEpochStart}
          clearing={epochs.data.isClearingPeriod}
          skewMs={epochs.data.chainTime * 1000 - epochs.dataUpdatedAt}
        >
          <FixApyForm
            position={position}
            configs={usableFixedTermConfigs(tranche.fixedTermConfig, allowlisted.data)}
            onCancel={onClose}
            onDone={(hash, text) => setDone({ hash, text })}
          />
        </FixApyGate>
      )}
    </Modal>
  );
}

/**
 * Within 2 days of the epoch's end (the chain's clearing period, which the contract refuses
 * too), a message with a countdown to the next epoch replaces the form. `skewMs` is how far the
 * chain's clock runs ahead of this browser's (a local chain's clock moved by the dev panel).
 */
export function FixApyGate({
  nextEpochStart,
  clearing,
  skewMs,
  children,
}: {
  nextEpochStart: number;
  clearing: boolean;
  skewMs: number;
  children: React.ReactNode;
}) {
  const wallNow = useNow();
  const target = nextEpochStart * 1000;
  // the chain's clearing period decides; the browser's clock (0 before it ticks) can only add
  const now = wallNow === 0 ? undefined : wallNow + skewMs;
  if (!clearing && (now === undefined || !isFixApyLockedOut(target, now))) return <>{children}</>;
  return (
    <div
      role="status"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="fix-apy-locked-out"
    >
      <p className="font-semibold">{copy.lockedOutTitle}</p>
      <p>
        {fill(copy.lockedOut, {
          countdown: now === undefined ? "" : formatCountdown(countdownParts(target, now)),
        })}
      </p>
    </div>
  );
}

function FixApyForm({
  position,
  configs,
  onCancel,
  onDone,
}: {
  position: PortfolioPosition;
  configs: FixedTermConfig[];
  onCancel: () => void;
  onDone: (hash: Hex, text: string) => void;
}) {
  const ids = useId();
  const { chainId } = useAppChain();
  const transact = useTransactor();
  const queryClient = useQueryClient();
  const [configId, setConfigId] = useState<bigint | null>(configs[0]?.configId ?? null);
  const [amount, setAmount] = useState("");
  const [validation, setValidation] = useState<Validation>({ status: "default", message: null });
  const [focused, setFocused] = useState(false);
  const [busy, setBusy] = useState(false);
  const available = position.availableToWithdraw;
  const config = configs.find((c) => c.configId === configId);
  const canConfirm =
    config !== undefined && amount !== "" && validation.status === "success" && !focused && !busy;

  if (configs.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="fix-apy-no-terms">
        {copy.noTerms}
      </p>
    );
  }

  async function confirm() {
    if (!config) return;
    const value = parseAmountInput(amount, USDC_DECIMALS);
    if (value === null) return;
    setBusy(true);
    try {
      const tx = lockDepositForFixedTerm(getDeployment(chainId), {
        poolId: position.poolId,
        trancheId: position.trancheId,
        amount: value,
        configId: config.configId,
      });
      const result = await transact(tx, { title: txCopy.errors.fixApy });
      if (!result) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      onDone(
        result.hash,
        fill(copy.doneText, {
          amount: formatUsdc(value),
          tranche: position.trancheName,
          apy: formatPercent(config.apy),
          duration: formatEpochLockDuration(config.epochLockDuration),
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canConfirm) void confirm();
      }}
    >
      <p className="text-sm text-slate-700">
        {fill(copy.intro, { tranche: position.trancheName })}
      </p>
      <dl className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <dt className="text-slate-600">{copy.available}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="fix-apy-available">
            {fill(fixedTerm.usdc, { amount: formatUsdc(available) })}
          </dd>
        </div>
      </dl>
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">{copy.term}</legend>
        <div className="mt-2 space-y-2">
          {configs.map((c) => (
            <label
              key={c.configId.toString()}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
            >
              <input
                type="radio"
                name={`${ids}-term`}
                value={c.configId.toString()}
                checked={configId === c.configId}
                onChange={() => setConfigId(c.configId)}
                data-testid="fix-apy-term"
                className="accent-emerald-700"
              />
              {fill(copy.termOption, {
                apy: formatPercent(c.apy),
                duration: formatEpochLockDuration(c.epochLockDuration),
              })}
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField
        id={ids}
        testId="fix-apy"
        label={copy.amount}
        value={amount}
        decimals={USDC_DECIMALS}
        onFocus={() => setFocused(true)}
        onText={(text) => {
          setAmount(text);
          setValidation(runFixApyValidation(text, available));
        }}
        onBlur={() => {
          setFocused(false);
          setValidation(runFixApyValidation(amount, available, true));
        }}
        max={{
          label: copy.max,
          onClick: () => {
            const text = amountToInput(available, USDC_DECIMALS);
            setAmount(text);
            setValidation(runFixApyValidation(text, available, true));
          },
        }}
        error={validation.status === "error"}
        message={validation.message ?? ""}
      />
      <div className="flex justify-end gap-3">
        <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
          {copy.cancel}
        </button>
        <button type="submit" className={primary} disabled={!canConfirm}>
          {busy ? copy.confirming : copy.confirm}
        </button>
      </div>
    </form>
  );
}
