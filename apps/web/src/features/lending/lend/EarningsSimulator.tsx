"use client";

import {
  common,
  fill,
  fixedTermDays,
  formatEpochLockDuration,
  formatPercent,
  lend,
  formatUsdc,
  plural,
  simulateEarnings,
  simulatorMaxDays,
  SIMULATOR_MIN_DAYS,
  SIMULATOR_STEP_DAYS,
  type LoyaltyLevel,
} from "@lending/sdk";
import { useId } from "react";
import { useModal } from "@/components/modal/modalContext";
import { Template } from "@/components/ui/Template";
import { usePublicConfig } from "@/providers/PublicConfigContext";

const copy = lend.simulator;

/**
 * The lend modal's earnings simulator: gross-to-net fee effect and loyalty bonus over a duration.
 * A fixed APY is simulated up to its term only; the bonus (paid in the product token) is shown on
 * its own, never added to the USDC total.
 */
export function EarningsSimulator(props: {
  principal: bigint;
  grossApy: number;
  level: LoyaltyLevel;
  /** a fixed APY's term in epochs (the slider stops at its end) */
  fixedTermEpochs?: bigint;
  days: number;
  onDays: (days: number) => void;
  /** a click on the slider while it is disabled (no amount) */
  onDisabledClick: () => void;
}) {
  const id = useId();
  const { push } = useModal();
  const { productSymbol: product } = usePublicConfig();
  const disabled = props.principal === 0n;
  const termDays =
    props.fixedTermEpochs === undefined ? undefined : fixedTermDays(props.fixedTermEpochs);
  const maxDays = simulatorMaxDays(termDays);
  const r = simulateEarnings({
    principal: props.principal,
    grossApy: props.grossApy,
    days: props.days,
    level: props.level,
    termDays,
  });
  const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });
  const rows: [string, string][] = [
    [fill(copy.grossInterest, { apy: formatPercent(r.grossApy) }), usdc(r.grossInterest)],
    [
      copy.performanceFee,
      // a fee of 0 shows as 0.00, never "-0.00"
      r.feeAmount === 0n
        ? usdc(0n)
        : fill(common.usdcAmount, {
            amount: fill(copy.negative, { amount: formatUsdc(r.feeAmount) }),
          }),
    ],
    [fill(copy.netInterest, { apy: formatPercent(r.netApy) }), usdc(r.netInterest)],
  ];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {copy.title}
      </h3>
      <label htmlFor={`${id}-days`} className="mt-2 block text-sm text-slate-700">
        <Template
          text={plural(copy.duration, r.days)}
          values={{ days: <span data-testid="simulator-days">{r.days}</span> }}
        />
      </label>
      {props.fixedTermEpochs !== undefined ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="simulator-term">
          {fill(copy.fixedTerm, {
            apy: formatPercent(props.grossApy),
            duration: formatEpochLockDuration(props.fixedTermEpochs),
            days: maxDays,
          })}
        </p>
      ) : null}
      {/* A disabled input gets no clicks: the wrapper reports them. */}
      <div
        data-testid="simulator-slider-area"
        onClick={() => {
          if (disabled) props.onDisabledClick();
        }}
      >
        <input
          id={`${id}-days`}
          data-testid="simulator-slider"
          type="range"
          min={SIMULATOR_MIN_DAYS}
          max={maxDays}
          step={SIMULATOR_STEP_DAYS}
          value={r.days}
          disabled={disabled}
          onChange={(e) => props.onDays(Number(e.target.value))}
          className={`w-full accent-emerald-700 ${disabled ? "pointer-events-none opacity-50" : ""}`}
        />
      </div>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, val]) => (
          <div key={k} className="contents">
            <dt className="text-slate-700">{k}</dt>
            <dd className="text-right text-slate-900 tabular-nums">{val}</dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-900">{copy.estimatedTotal}</dt>
        <dd
          data-testid="simulator-total"
          className="text-right font-semibold text-emerald-800 tabular-nums"
        >
          {usdc(r.totalUsdc)}
        </dd>
        {/* paid in the product token: its own line, not part of the USDC total */}
        <dt className="text-slate-700">{fill(copy.loyaltyBonus, { product })}</dt>
        <dd data-testid="simulator-bonus" className="text-right text-slate-900 tabular-nums">
          {fill(copy.loyaltyBonusValue, { amount: formatUsdc(r.loyaltyBonus), product })}
        </dd>
      </dl>
      {/* over the lend modal, which keeps its state underneath */}
      <button
        type="button"
        onClick={() => push("loyaltyLevels")}
        className="mt-3 inline-flex min-h-6 items-center text-sm font-semibold text-emerald-800 underline"
      >
        {copy.loyaltyLevels}
      </button>
    </section>
  );
}
