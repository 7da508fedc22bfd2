"use client";

import {
  fill,
  formatTokenAmountUp,
  formatUsdc,
  ksuToNextLevel,
  locking as copy,
  type LockingOverview,
  type LockPeriod,
} from "@lending/sdk";
import { useId, useState } from "react";
import { multiplierText, periodText } from "./format";

/**
 * How far the next loyalty level is: the KSU to lock now, for a chosen lock period, at today's
 * price (`ksuToNextLevel`, the chain's rule), rounded up so the amount shown is enough.
 */
export function NextLevel({ overview, product }: { overview: LockingOverview; product: string }) {
  const id = useId();
  const periods = overview.lockPeriods;
  const [periodId, setPeriodId] = useState<bigint | undefined>(periods.at(-1)?.id);
  const period = periods.find((p) => p.id === periodId) ?? periods.at(-1);
  const price = overview.ksuPrice;
  let text: string;
  // the period choice matters only while there is a next level to reach
  let choosing = false;
  if (overview.totalDeposits === 0n) text = fill(copy.nextLevel.noDeposits, { product });
  else if (!price.fresh || !period) text = fill(copy.nextLevel.noPrice, { product });
  else {
    const next = ksuToNextLevel({
      rksu: overview.earnedRksu,
      ksuPriceUsdc: price.priceUsdc,
      totalDepositsUsdc: overview.totalDeposits,
      rksuMultiplierWad: period.rKSUMultiplierWad,
    });
    choosing = next !== null;
    text = next
      ? fill(copy.nextLevel.text, {
          amount: formatTokenAmountUp(next.ksu, 18),
          product,
          period: periodText(period),
          level: next.level,
          price: formatUsdc(price.priceUsdc),
        })
      : copy.nextLevel.top;
  }
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby={`${id}-title`}
      data-testid="locking-next-level"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {copy.nextLevel.title}
      </h2>
      {choosing ? (
        <div className="mt-3">
          <label htmlFor={`${id}-period`} className="block text-sm font-medium text-slate-800">
            {copy.nextLevel.period}
          </label>
          <select
            id={`${id}-period`}
            data-testid="locking-next-level-period"
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 sm:w-64"
            value={period?.id.toString()}
            onChange={(e) => setPeriodId(BigInt(e.target.value))}
          >
            {periods.map((p) => (
              <option key={p.id.toString()} value={p.id.toString()}>
                {periodText(p)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="mt-3 text-slate-700" data-testid="locking-next-level-text" aria-live="polite">
        {text}
      </p>
    </section>
  );
}

/**
 * The launch bonus multipliers of the lock periods (spec section 9 tooltip: 0.00x / 0.10x /
 * 0.25x / 0.70x), from the chain's lock periods, behind an info button.
 */
export function LaunchBonusInfo({ periods }: { periods: readonly LockPeriod[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative ml-2 inline-block align-middle">
      <button
        type="button"
        aria-label={copy.launchBonusInfo}
        aria-expanded={open}
        aria-controls={`${id}-tip`}
        onClick={() => setOpen((v) => !v)}
        onBlur={() => setOpen(false)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        className="inline-flex h-6 w-6 items-center justify-center rounded-full border border-slate-400 text-xs font-bold text-slate-700"
      >
        {copy.infoIcon}
      </button>
      <span
        id={`${id}-tip`}
        role="tooltip"
        data-testid="launch-bonus-tooltip"
        className={`${open ? "block" : "hidden"} absolute right-0 z-10 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-3 text-sm font-normal text-slate-800 shadow-lg`}
      >
        <span className="block font-semibold">{copy.launchBonusTitle}</span>
        {periods.map((p) => (
          <span key={p.id.toString()} className="block">
            {fill(copy.launchBonusRow, {
              period: periodText(p),
              multiplier: multiplierText(p.ksuBonusMultiplier),
            })}
          </span>
        ))}
      </span>
    </span>
  );
}
