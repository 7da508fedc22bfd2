"use client";

import { fill, manage } from "@lending/sdk";
import type { PoolHealth } from "./api";
import { fieldLabel } from "./ui";

export function PoolSelect({
  id,
  pools,
  value,
  onChange,
}: {
  id: string;
  pools: PoolHealth[];
  value: string;
  onChange: (poolId: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {manage.pool}
      </label>
      <select
        id={id}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {pools.map((p) => (
          <option key={p.poolId} value={p.poolId}>
            {fill(manage.poolOption, { id: p.poolId, name: p.name })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One labelled text field of a console form, with an optional one-line hint under it. */
export function Field({
  id,
  label,
  value,
  onChange,
  inputMode = "decimal",
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: "decimal" | "numeric" | "text";
  hint?: string;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        inputMode={inputMode}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The tranches of the chosen pool, junior (id 0) first. */
export function TrancheSelect({
  id,
  tranches,
  value,
  onChange,
}: {
  id: string;
  tranches: readonly { id: string; name: string }[];
  value: string;
  onChange: (trancheId: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {manage.tranche}
      </label>
      <select
        id={id}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {tranches.map((t) => (
          <option key={t.id} value={t.id}>
            {fill(manage.trancheOption, { id: t.id, name: t.name })}
          </option>
        ))}
      </select>
    </div>
  );
}
