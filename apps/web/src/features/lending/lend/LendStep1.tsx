"use client";

import {
  canContinueToReview,
  AmountRequiredError,
  fill,
  lend,
  amountToInput,
  formatEpochLockDuration,
  formatPercent,
  formatUsdc,
  lendMaxAmount,
  isFixedTermStatusVisible,
  isTrancheOversubscribedFor,
  pools as poolsCopy,
  formatWalletAmount,
  slippageDisplay,
  swapMaxSourceAmount,
  type Pool,
} from "@lending/sdk";
import Link from "next/link";
import { useId } from "react";
import type { LendFormUserData } from "@/lib/queries/chain";
import { AmountField } from "@/components/ui/AmountField";
import { Template } from "@/components/ui/Template";
import { EarningsSimulator } from "./EarningsSimulator";
import {
  LEND_TOKEN,
  useLendValidation,
  type LendFormState,
  type LendToken,
  type SwapContext,
} from "./useLendForm";

const copy = lend.details;
const label = "block text-sm font-medium text-slate-800";
const field =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none";

/** Step 1: asset, amount, tranche, APY type, earnings simulator and acknowledgement. */
export function LendStep1({
  pool,
  form,
  setForm,
  user,
  tokens = [LEND_TOKEN],
  swapBalances,
  swap,
  onNext,
}: {
  pool: Pool;
  form: LendFormState;
  setForm: (update: (f: LendFormState) => LendFormState) => void;
  user?: LendFormUserData;
  /** USDC and the chain's swap tokens */
  tokens?: LendToken[];
  /** wallet balances of the swap tokens, by symbol */
  swapBalances?: Record<string, bigint>;
  swap?: SwapContext;
  /** with the amount's USDC value (the quote for a swap token) */
  onNext: (amountUsdc: bigint) => void;
}) {
  const ids = useId();
  const token = tokens.find((t) => t.symbol === form.asset) ?? LEND_TOKEN;
  const isSwap = token.address !== null;
  const balanceOf = (t: LendToken) =>
    t.address === null ? user?.balance : swapBalances?.[t.symbol];
  const balance = balanceOf(token);
  const v = useLendValidation(pool, form, user, token, isSwap ? swap : undefined);
  const { tranche, amount, limits } = v;
  const amountUsdc = isSwap ? (v.amountUsdc ?? 0n) : amount;
  const allowlisted = user?.fixedTermAllowlisted[form.trancheId.toString()] ?? [];
  const fixedConfigs = (tranche?.fixedTermConfig ?? []).filter((c) =>
    isFixedTermStatusVisible(c.fixedTermDepositStatus, allowlisted.includes(c.configId)),
  );
  const selectedApy =
    form.fixedTermConfigId === 0n
      ? tranche?.apy
      : fixedConfigs.find((c) => c.configId === form.fixedTermConfigId)?.apy;
  const canContinue = canContinueToReview({
    amount,
    amountUsdc,
    amountValid: v.status === "success",
    apyChosen: selectedApy !== undefined,
    termsAccepted: form.termsAccepted,
    // a tranche closed after a loss takes nothing, like one with no room left
    oversubscribed: (limits?.oversubscribed ?? false) || (tranche?.closed ?? false),
  });

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canContinue) onNext(amountUsdc);
      }}
    >
      <div className="grid grid-cols-[8rem_1fr] gap-3">
        <div>
          <label htmlFor={`${ids}-asset`} className={label}>
            {copy.asset}
          </label>
          <select
            id={`${ids}-asset`}
            data-testid="lend-asset"
            className={field}
            value={token.symbol}
            disabled={tokens.length < 2}
            onChange={(e) => {
              const asset = e.target.value;
              setForm((f) => ({ ...f, asset, amountText: "", touched: false }));
            }}
          >
            {tokens.map((t) => {
              const b = balanceOf(t);
              return (
                <option key={t.symbol} value={t.symbol}>
                  {b === undefined
                    ? t.symbol
                    : fill(copy.assetOption, {
                        symbol: t.symbol,
                        balance: formatWalletAmount(b, t.decimals),
                      })}
                </option>
              );
            })}
          </select>
        </div>
        <div>
          <AmountField
            id={ids}
            testId="lend"
            label={copy.amount}
            value={form.amountText}
            decimals={token.decimals}
            onText={(text) => setForm((f) => ({ ...f, amountText: text, touched: true }))}
            max={{
              label: copy.max,
              disabled: !limits || !user || balance === undefined,
              onClick: async () => {
                if (!limits || !user || balance === undefined) return;
                let max: bigint;
                if (isSwap) {
                  // the balance capped to the tranche room, with the 5% quote buffer
                  if (!swap || balance === 0n) max = 0n;
                  else {
                    try {
                      const quoteDestination = await swap.quote(balance);
                      max = swapMaxSourceAmount({
                        balance,
                        quoteSource: balance,
                        quoteDestination,
                        room: limits.maximum,
                      });
                    } catch (error) {
                      v.showErrorNow((error as Error).message);
                      return;
                    }
                  }
                } else max = lendMaxAmount(limits.maximum, balance);
                setForm((f) => ({
                  ...f,
                  amountText: amountToInput(max, token.decimals),
                  touched: true,
                }));
              },
            }}
            error={Boolean(v.error)}
            message={
              v.error ??
              (balance !== undefined
                ? fill(copy.walletBalance, {
                    balance: isSwap
                      ? formatWalletAmount(balance, token.decimals)
                      : formatUsdc(balance),
                    symbol: token.symbol,
                  })
                : "")
            }
          />
          {isSwap ? (
            <p data-testid="lend-usdc-estimate" className="text-sm text-slate-700">
              {v.amountUsdc !== undefined && v.status === "success"
                ? fill(copy.usdcEstimate, { amount: formatUsdc(v.amountUsdc) })
                : copy.usdcEstimatePending}{" "}
              <span className="text-slate-600">
                {fill(copy.slippage, { slippage: slippageDisplay() })}
              </span>
            </p>
          ) : null}
        </div>
      </div>

      <div>
        <label htmlFor={`${ids}-tranche`} className={label}>
          {copy.tranche}
        </label>
        <select
          id={`${ids}-tranche`}
          data-testid="lend-tranche"
          className={field}
          value={form.trancheId.toString()}
          onChange={(e) => {
            const trancheId = BigInt(e.target.value);
            setForm((f) => ({ ...f, trancheId, fixedTermConfigId: 0n }));
          }}
        >
          {pool.tranches.map((t) => {
            // no room left to this user this epoch (or a maximum of 0): Oversubscribed
            const full = isTrancheOversubscribedFor(t, user?.depositedThisEpoch[t.id.toString()]);
            return (
              <option key={t.id.toString()} value={t.id.toString()} disabled={full || t.closed}>
                {t.closed
                  ? fill(copy.trancheClosed, { name: t.name })
                  : full
                    ? fill(copy.trancheOversubscribed, { name: t.name })
                    : fill(copy.trancheOption, { name: t.name, apy: formatPercent(t.apy) })}
              </option>
            );
          })}
        </select>
        {tranche?.closed ? (
          <p data-testid="lend-tranche-closed" className="mt-1 text-xs text-slate-600">
            {poolsCopy.closedTooltip}
          </p>
        ) : limits?.oversubscribed ? (
          <p data-testid="lend-tranche-oversubscribed" className="mt-1 text-xs text-slate-600">
            {poolsCopy.oversubscribedTooltip}
          </p>
        ) : limits ? (
          <p className="mt-1 text-xs text-slate-600">
            {fill(copy.limits, {
              minimum: formatUsdc(limits.minimum),
              maximum: formatUsdc(limits.maximum),
            })}
          </p>
        ) : null}
      </div>

      <fieldset>
        <legend className={label}>{copy.apyType}</legend>
        <div className="mt-1 grid gap-2">
          <ApyOption
            name={`${ids}-apy`}
            checked={form.fixedTermConfigId === 0n}
            onChange={() => setForm((f) => ({ ...f, fixedTermConfigId: 0n }))}
            text={fill(copy.variable, { apy: tranche ? formatPercent(tranche.apy) : "" })}
          />
          {fixedConfigs.map((c) => (
            <ApyOption
              key={c.configId.toString()}
              name={`${ids}-apy`}
              checked={form.fixedTermConfigId === c.configId}
              onChange={() => setForm((f) => ({ ...f, fixedTermConfigId: c.configId }))}
              text={fill(copy.fixed, {
                apy: formatPercent(c.apy),
                duration: formatEpochLockDuration(c.epochLockDuration),
              })}
            />
          ))}
        </div>
      </fieldset>

      <EarningsSimulator
        principal={amountUsdc}
        grossApy={selectedApy ?? 0}
        level={user?.loyaltyLevel ?? 0}
        days={form.days}
        onDays={(days) => setForm((f) => ({ ...f, days }))}
        onDisabledClick={() => {
          setForm((f) => ({ ...f, touched: true }));
          v.showErrorNow(new AmountRequiredError().message);
        }}
      />

      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          data-testid="lend-terms"
          className="mt-0.5 h-4 w-4 accent-emerald-700"
          checked={form.termsAccepted}
          onChange={(e) => setForm((f) => ({ ...f, termsAccepted: e.target.checked }))}
        />
        <span>
          <Template
            text={copy.terms}
            values={{
              terms: (
                <Link className="underline" href="/lending/important-information-document">
                  {copy.termsLink}
                </Link>
              ),
              risk: (
                <Link className="underline" href="/lending/risk-warning">
                  {copy.riskLink}
                </Link>
              ),
            }}
          />
        </span>
      </label>

      <div className="flex justify-end">
        <button
          type="submit"
          disabled={!canContinue}
          className="rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {copy.next}
        </button>
      </div>
    </form>
  );
}

function ApyOption(props: { name: string; checked: boolean; onChange: () => void; text: string }) {
  return (
    <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
        className="accent-emerald-700"
      />
      {props.text}
    </label>
  );
}
