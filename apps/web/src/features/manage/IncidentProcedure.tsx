"use client";

import { fill, formatUsdc, manage, previewLoss } from "@lending/sdk";
import { useState, type ReactNode } from "react";
import { primaryButton, secondaryButton } from "@/components/ui/buttons";
import { postLossMail, type PoolHealth } from "./api";
import { parseUsdcField } from "./forms";
import { Field, PoolSelect } from "./PoolSelect";
import { ErrorText, FormRow, Section } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

function Step({
  title,
  why,
  children,
  testId,
}: {
  title: string;
  why: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid={testId}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{why}</p>
      <div className="mt-2">{children}</div>
    </li>
  );
}

/**
 * The incident procedure of docs/protocol.md as one guided flow: open the incident, report the
 * loss (a per-tranche preview, junior first), clear the due epochs, close the incident. Each step
 * is enabled only when it can run, and recorded in the audit trail with the reason.
 */
export function IncidentProcedure({ pools }: { pools: PoolHealth[] }) {
  const { run } = useOperatorTx();
  const [poolId, setPoolId] = useState(pools[0]?.poolId ?? "0");
  const pool = pools.find((p) => p.poolId === poolId) ?? pools[0];
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mailed, setMailed] = useState<string | null>(null);
  const [pendingMail, setPendingMail] = useState<string | null>(null);
  if (!pool) return null;
  const id = BigInt(pool.poolId);

  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };

  const parsed = amount.trim() ? parseUsdcField(amount, true) : undefined;
  const drawn = BigInt(pool.drawnPrincipal);
  const amountError =
    parsed && !parsed.ok
      ? parsed.error
      : parsed?.ok && parsed.value > drawn
        ? fill(manage.exceedsDrawn, { drawn: formatUsdc(drawn) })
        : null;
  // shown beside an error too: the operator sees what such a loss would take
  const preview = parsed?.ok ? previewLoss(pool.tranches, parsed.value) : null;

  /** Mails each lender of the pool about the loss (the server's service; once per lender). */
  const mailLenders = async (txHash: string) => {
    setMailed(null);
    try {
      const r = await postLossMail(txHash);
      setPendingMail(null);
      setMailed(
        fill(manage.lossMailed, { mailed: r.mailed, lenders: r.lenders, already: r.alreadyMailed }),
      );
    } catch (e) {
      setPendingMail(txHash);
      setError(fill(manage.lossMailFailed, { error: e instanceof Error ? e.message : String(e) }));
    }
  };

  const report = () => {
    if (!parsed?.ok || amountError) return setError(amountError ?? manage.invalidAmount);
    void act(async () => {
      const sent = await run(
        { functionName: "reportLoss", args: [id, parsed.value] },
        manage.reportLoss,
        reason,
      );
      if (sent) await mailLenders(sent.hash);
    });
  };

  const clearDue = () =>
    act(async () => {
      for (let i = 0; i < pool.epochsDue; i++) {
        const done = await run({ functionName: "clear", args: [id] }, manage.clearEpochs, reason);
        if (!done) return;
      }
    });

  return (
    <Section id="manage-incident" title={manage.incidentTitle} lead={manage.incidentLead}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PoolSelect id="incident-pool" pools={pools} value={pool.poolId} onChange={setPoolId} />
        <Field
          id="incident-reason"
          label={manage.lossReason}
          hint={manage.lossReasonHint}
          value={reason}
          onChange={setReason}
          inputMode="text"
        />
      </div>
      <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="incident-state">
        {pool.incidentOpen ? manage.incidentIsOpen : manage.incidentIsClosed}
      </p>
      <ol className="mt-3 flex flex-col gap-3">
        <Step title={manage.step1} why={manage.step1Why} testId="incident-step-open">
          <button
            type="button"
            className={primaryButton}
            disabled={busy || pool.incidentOpen}
            onClick={() =>
              void act(() =>
                run({ functionName: "setIncident", args: [id, true] }, manage.openIncident, reason),
              )
            }
          >
            {manage.openIncident}
          </button>
        </Step>
        <Step title={manage.step2} why={manage.step2Why} testId="incident-step-loss">
          <FormRow
            onSubmit={report}
            submitLabel={manage.reportLoss}
            busy={busy}
            disabled={!pool.incidentOpen}
            columns={2}
            error={amountError}
          >
            <Field id="loss-amount" label={manage.amount} value={amount} onChange={setAmount} />
          </FormRow>
          {mailed ? (
            <p className="mt-2 text-sm text-slate-700" role="status" data-testid="loss-mailed">
              {mailed}
            </p>
          ) : null}
          {pendingMail ? (
            <button
              type="button"
              className={`${secondaryButton} mt-2`}
              disabled={busy}
              onClick={() => void act(() => mailLenders(pendingMail))}
            >
              {manage.lossMailRetry}
            </button>
          ) : null}
          {preview ? (
            <div className="mt-2">
              <p className="text-sm font-medium text-slate-700">{manage.preview}</p>
              <ul className="text-sm text-slate-700" data-testid="loss-preview">
                {preview.map((r) => (
                  <li key={r.id} className={r.before !== r.after ? "font-semibold" : undefined}>
                    {fill(manage.previewRow, {
                      name: r.name,
                      before: formatUsdc(r.before),
                      after: formatUsdc(r.after),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Step>
        <Step title={manage.step3} why={manage.step3Why} testId="incident-step-clear">
          {pool.epochsDue === 0 ? (
            <p className="mb-2 text-sm text-slate-600">{manage.nothingToClear}</p>
          ) : null}
          <button
            type="button"
            className={primaryButton}
            disabled={busy || !pool.incidentOpen || pool.epochsDue === 0}
            onClick={() => void clearDue()}
          >
            {manage.clearEpochs}
          </button>
        </Step>
        <Step title={manage.step4} why={manage.step4Why} testId="incident-step-close">
          <button
            type="button"
            className={primaryButton}
            disabled={busy || !pool.incidentOpen}
            onClick={() =>
              void act(() =>
                run(
                  { functionName: "setIncident", args: [id, false] },
                  manage.closeIncident,
                  reason,
                ),
              )
            }
          >
            {manage.closeIncident}
          </button>
        </Step>
      </ol>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </Section>
  );
}
