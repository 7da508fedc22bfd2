"use client";

import { devPanel, fill } from "@lending/sdk";
import { useId, useState } from "react";
import { usePools } from "@/lib/queries/hooks";

type Props = {
  disabled: boolean;
  /** runs the action (the panel's status, toasts and refreshes) */
  onPlay: (poolId: string, amount: string) => Promise<void>;
};

/**
 * The dev panel's "Play a default": a pool, a loss in USDC and the button that runs the incident
 * procedure (POST /api/dev/default, the same service as `ops default:play`).
 */
export function PlayDefault({ disabled, onPlay }: Props) {
  const { data: pools } = usePools();
  const [poolId, setPoolId] = useState("0");
  const [amount, setAmount] = useState("100");
  const poolField = useId();
  const amountField = useId();
  const valid = /^\d{1,12}(\.\d{1,6})?$/.test(amount) && Number(amount) > 0;
  return (
    <fieldset
      className="space-y-2 rounded-lg border border-slate-300 p-3"
      data-testid="play-default"
    >
      <legend className="px-1 text-sm font-medium text-slate-900">{devPanel.playDefault}</legend>
      <p className="text-xs text-slate-600">{devPanel.playDefaultHint}</p>
      <div className="flex flex-wrap gap-3">
        <label htmlFor={poolField} className="flex min-w-0 flex-1 flex-col text-xs text-slate-700">
          {devPanel.defaultPool}
          <select
            id={poolField}
            value={poolId}
            onChange={(e) => setPoolId(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
            data-testid="play-default-pool"
          >
            {(pools ?? []).map((p) => (
              <option key={p.id.toString()} value={p.id.toString()}>
                {p.poolName}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={amountField} className="flex w-32 flex-col text-xs text-slate-700">
          {devPanel.defaultAmount}
          <input
            id={amountField}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            aria-invalid={!valid}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            data-testid="play-default-amount"
          />
        </label>
      </div>
      <button
        type="button"
        disabled={disabled || !valid}
        onClick={() => void onPlay(poolId, amount)}
        data-testid="play-default-button"
        className="w-full rounded-lg border border-red-300 bg-white px-4 py-2 text-left text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {fill(devPanel.playDefaultButton, { amount })}
      </button>
    </fieldset>
  );
}
