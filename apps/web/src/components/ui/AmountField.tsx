"use client";

import type { ReactNode } from "react";
import { isAcceptableAmountInput } from "@lending/sdk";

const labelClass = "block text-sm font-medium text-slate-800";
const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none";

/**
 * The amount field of the transaction modals (lend, withdraw): label, a decimal input that
 * refuses what is not an amount of `decimals` digits, the Max button, and the message line below
 * (an error as an alert, else a hint). Test ids: `<testId>-amount`, `<testId>-max`,
 * `<testId>-amount-message`.
 */
export function AmountField({
  id,
  testId,
  label,
  value,
  decimals,
  onText,
  onFocus,
  onBlur,
  max,
  error,
  message,
}: {
  id: string;
  testId: string;
  label: string;
  value: string;
  decimals: number;
  /** an accepted edit of the text */
  onText: (text: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  max: { label: string; onClick: () => void; disabled?: boolean };
  /** the message is an error (red, announced) */
  error: boolean;
  message: ReactNode;
}) {
  return (
    <>
      <label htmlFor={`${id}-amount`} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-amount`}
          data-testid={`${testId}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          aria-invalid={error}
          aria-describedby={`${id}-amount-msg`}
          className={inputClass}
          value={value}
          onFocus={onFocus}
          onChange={(e) => {
            if (isAcceptableAmountInput(e.target.value, decimals)) onText(e.target.value);
          }}
          onBlur={onBlur}
        />
        <button
          type="button"
          data-testid={`${testId}-max`}
          disabled={max.disabled}
          onClick={max.onClick}
          className="mt-1 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          {max.label}
        </button>
      </div>
      <p
        id={`${id}-amount-msg`}
        data-testid={`${testId}-amount-message`}
        role={error ? "alert" : undefined}
        className={`mt-1 min-h-5 text-sm ${error ? "text-red-700" : "text-slate-600"}`}
      >
        {message}
      </p>
    </>
  );
}
