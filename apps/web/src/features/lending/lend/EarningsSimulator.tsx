"use client";

import {
  common,
  fill,
  formatPercent,
  lend,
  formatUsdc,
  plural,
  simulateEarnings,
  SIMULATOR_MAX_DAYS,
  SIMULATOR_MIN_DAYS,
  SIMULATOR_STEP_DAYS,
  type LoyaltyLevel,
} from "@lending/sdk";
import { useId } from "react";
import { useModal } from "@/components/modal/ModalProvider";
import { Template } from "@/components/ui/Template";

const copy = lend.simulator;

/** The lend modal's earnings simulator: gross-to-net fee effect and loyalty bonus over a duration. */
export function EarningsSimulator(props: {
  principal: bigint;
  grossApy: number;
  level: LoyaltyLevel;
  days: number;
  onDays: (days: number) => void;
  /** a click on the slider while it is disabled (no amount) */
  onDisabledClick: () => void;
}) {
  const id = useId();
  const { push } = useModal();
  const disabled = props.principal === 0n;
  const r = simulateEarnings({
    principal: props.principal,
    grossApy: props.grossApy,
    days: props.days,
    level: props.level,
  });
  const rows: [string, string][] = [
    [fill(copy.grossInterest, { apy: formatPercent(r.grossApy) }), formatUsdc(r.grossInterest)],
    [
      copy.performanceFee,
      // a fee of 0 shows as 0.00, never "-0.00"
      r.feeAmount === 0n
        ? formatUsdc(0n)
        : fill(copy.negative, { amount: formatUsdc(r.feeAmount) }),
    ],
    [fill(copy.netInterest, { apy: formatPercent(r.netApy) }), formatUsdc(r.netInterest)],
    [copy.loyaltyBonus, formatUsdc(r.loyaltyBonus)],
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
          text={plural(copy.duration, props.days)}
          values={{ days: <span data-testid="simulator-days">{props.days}</span> }}
        />
      </label>
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
          max={SIMULATOR_MAX_DAYS}
          step={SIMULATOR_STEP_DAYS}
          value={props.days}
          disabled={disabled}
          onChange={(e) => props.onDays(Number(e.target.value))}
          className={`w-full accent-emerald-700 ${disabled ? "pointer-events-none opacity-50" : ""}`}
        />
      </div>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, val]) => (
          <div key={k} className="contents">
            <dt className="text-slate-700">{k}</dt>
            <dd className="text-right text-slate-900 tabular-nums">
              {fill(common.usdcAmount, { amount: val })}
            </dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-900">{copy.estimatedTotal}</dt>
        <dd
          data-testid="simulator-total"
          className="text-right font-semibold text-emerald-800 tabular-nums"
        >
          {fill(common.usdcAmount, { amount: formatUsdc(r.totalEarnings) })}
        </dd>
      </dl>
      {/* over the lend modal, which keeps its state underneath */}
      <button
        type="button"
        onClick={() => push("loyaltyLevels")}
        className="mt-3 text-sm font-semibold text-emerald-800 underline"
      >
        {copy.loyaltyLevels}
      </button>
    </section>
  );
}
