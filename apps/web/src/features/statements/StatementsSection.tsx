"use client";

import {
  STATEMENT_KINDS,
  statementPeriods,
  statements as copy,
  type StatementKind,
} from "@lending/sdk";
import { useId, useMemo, useState } from "react";
import { useConfig, useConnection } from "@/lib/stack";
import { useAppChain, useEpochTimes } from "@/lib/queries/hooks";

/** How many periods of each kind the selector offers, newest first. */
const CHOICES: Record<StatementKind, number> = { month: 24, quarter: 12, year: 5 };
const KIND_LABEL: Record<StatementKind, string> = {
  month: copy.kindMonth,
  quarter: copy.kindQuarter,
  year: copy.kindYear,
};

/** The file name the server gives (Content-Disposition), else a plain one. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * The portfolio's statements (issue 28 item 3): pick a month, a quarter or a year and download
 * the statement as CSV or PDF. Both are made on the server for the wallet's own session (signing
 * in first when there is none); the browser only saves the file.
 */
export function StatementsSection() {
  const { address } = useConnection();
  const config = useConfig();
  const { chainId } = useAppChain();
  const id = useId();
  const [kind, setKind] = useState<StatementKind>("quarter");
  // The chain's clock where it runs ahead of this one (a local chain moved by the demo controls):
  // the statement is of the chain's periods, as the server checks them.
  const chainTime = useEpochTimes().data?.chainTime ?? 0;
  const [wallNow] = useState(() => Math.floor(Date.now() / 1000));
  const now = Math.max(wallNow, chainTime);
  const periods = useMemo(() => statementPeriods(kind, now, CHOICES[kind]), [kind, now]);
  // "" is the newest period (which moves with the chain's clock once it is read)
  const [period, setPeriod] = useState<string>("");
  const [state, setState] = useState<"idle" | "busy" | "signIn" | "error">("idle");

  if (!address) return null;
  const selected = periods.some((p) => p.id === period) ? period : (periods[0]?.id ?? "");

  async function download(format: "csv" | "pdf") {
    if (!address) return;
    setState("busy");
    try {
      const { withWalletSession } = await import("@/features/auth/withWalletSession");
      const signed = await withWalletSession(
        { config, address, chainId },
        { declined: copy.signIn, error: copy.error },
      );
      if (!signed) {
        setState("signIn");
        return;
      }
      const params = new URLSearchParams({ user: address, period: selected, format });
      const response = await fetch(`/api/statements?${params}`, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`statement: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = fileNameOf(response, `statement-${selected}.${format}`);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState("idle");
    } catch {
      setState("error");
    }
  }

  const status =
    state === "busy"
      ? copy.preparing
      : state === "error"
        ? copy.error
        : state === "signIn"
          ? copy.signIn
          : "";
  const select =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 sm:w-44";
  const button =
    "rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60";
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:p-6"
      aria-labelledby={`${id}-title`}
      data-testid="statements"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-1 text-slate-600">{copy.lead}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="w-full font-medium text-slate-900 sm:w-auto" htmlFor={`${id}-kind`}>
          {copy.kindLabel}
          <select
            id={`${id}-kind`}
            className={select}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StatementKind);
              setPeriod("");
            }}
            data-testid="statement-kind"
          >
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="w-full font-medium text-slate-900 sm:w-auto" htmlFor={`${id}-period`}>
          {copy.periodLabel}
          <select
            id={`${id}-period`}
            className={select}
            value={selected}
            onChange={(e) => setPeriod(e.target.value)}
            data-testid="statement-period"
          >
            {periods.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={state === "busy"}
            onClick={() => void download("csv")}
            data-testid="statement-csv"
          >
            {copy.downloadCsv}
          </button>
          <button
            type="button"
            className={button}
            disabled={state === "busy"}
            onClick={() => void download("pdf")}
            data-testid="statement-pdf"
          >
            {copy.downloadPdf}
          </button>
        </div>
      </div>
      <p
        role="status"
        className={`mt-2 min-h-5 ${state === "error" ? "text-red-800" : "text-slate-600"}`}
        data-testid="statement-status"
      >
        {status}
      </p>
    </section>
  );
}
