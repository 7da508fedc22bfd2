"use client";

import { approve, formatUsdc, manage } from "@lending/sdk";
import { getDeployment } from "@lending/sdk/deployments";
import { useState } from "react";
import { isAddress, type Address } from "viem";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { PoolHealth } from "./api";
import { parseUsdcField } from "./forms";
import { Field, PoolSelect } from "./PoolSelect";
import { FormRow, Section } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

const FIGURES = [
  ["openingLoanBalance", manage.opening],
  ["newFundingDrawdowns", manage.drawdowns],
  ["principalInterestRepayments", manage.repayments],
  ["closingLoanBalance", manage.closing],
  ["interestPaymentComponent", manage.interestComponent],
  ["arrears", manage.arrears],
  ["unrecoverableLosses", manage.losses],
] as const;
type Figure = (typeof FIGURES)[number][0];

/** Draw, repay and publish an epoch's repayment figures, the pool's figures shown first. */
export function CapitalPanel({ pools }: { pools: PoolHealth[] }) {
  const { chainId } = usePublicConfig();
  const { run, send } = useOperatorTx();
  const [poolId, setPoolId] = useState(pools[0]?.poolId ?? "0");
  const pool = pools.find((p) => p.poolId === poolId) ?? pools[0];
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [borrower, setBorrower] = useState("");
  const [principal, setPrincipal] = useState("");
  const [interest, setInterest] = useState("");
  const [epoch, setEpoch] = useState("");
  const [figures, setFigures] = useState<Record<Figure, string>>(
    () => Object.fromEntries(FIGURES.map(([k]) => [k, "0"])) as Record<Figure, string>,
  );
  const [error, setError] = useState<{ form: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pool) return null;

  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };

  const draw = () => {
    const a = parseUsdcField(amount, true);
    if (!a.ok) return setError({ form: "draw", message: a.error });
    if (a.value > BigInt(pool.idleLiquidity))
      return setError({ form: "draw", message: manage.exceedsLiquidity });
    if (!isAddress(borrower.trim()))
      return setError({ form: "draw", message: manage.invalidAddress });
    setError(null);
    void act(() =>
      run(
        {
          functionName: "draw",
          args: [BigInt(pool.poolId), a.value, borrower.trim() as Address],
        },
        manage.draw,
        reason,
      ),
    );
  };

  const repay = () => {
    const p = parseUsdcField(principal || "0", false);
    const i = parseUsdcField(interest || "0", false);
    if (!p.ok || !i.ok || p.value + i.value === 0n)
      return setError({ form: "repay", message: manage.invalidAmount });
    setError(null);
    void act(async () => {
      const deployment = getDeployment(chainId);
      const approved = await send(
        approve({
          token: deployment.usdc,
          spender: deployment.lendingPoolManager,
          amount: p.value + i.value,
        }),
        manage.approveUsdc,
      );
      if (!approved) return;
      await run(
        { functionName: "repay", args: [BigInt(pool.poolId), p.value, i.value] },
        manage.repay,
        reason,
      );
    });
  };

  const publish = () => {
    if (!/^\d+$/.test(epoch.trim()))
      return setError({ form: "publish", message: manage.invalidEpoch });
    const data: Partial<Record<Figure, bigint>> = {};
    for (const [key] of FIGURES) {
      const f = parseUsdcField(figures[key], false);
      if (!f.ok) return setError({ form: "publish", message: f.error });
      data[key] = f.value;
    }
    setError(null);
    void act(() =>
      run(
        {
          functionName: "publishRepayments",
          args: [BigInt(pool.poolId), BigInt(epoch.trim()), data],
        },
        manage.publish,
        reason,
      ),
    );
  };

  const errorOf = (form: string) => (error?.form === form ? error.message : null);

  return (
    <Section id="manage-capital" title={manage.capitalTitle} lead={manage.capitalLead}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PoolSelect id="capital-pool" pools={pools} value={pool.poolId} onChange={setPoolId} />
        <Field
          id="capital-reason"
          label={manage.reason}
          value={reason}
          onChange={setReason}
          inputMode="text"
        />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3" data-testid="pool-figures">
        {[
          [manage.liquidity, pool.idleLiquidity],
          [manage.drawn, pool.drawnPrincipal],
          [manage.reserve, pool.interestReserve],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{formatUsdc(BigInt(value!))}</dd>
          </div>
        ))}
      </dl>

      <FormRow onSubmit={draw} submitLabel={manage.draw} busy={busy} error={errorOf("draw")}>
        <Field id="draw-amount" label={manage.amount} value={amount} onChange={setAmount} />
        <Field
          id="draw-borrower"
          label={manage.borrower}
          value={borrower}
          onChange={setBorrower}
          inputMode="text"
        />
      </FormRow>

      <FormRow
        onSubmit={repay}
        submitLabel={manage.repay}
        busy={busy}
        primary={false}
        error={errorOf("repay")}
      >
        <Field
          id="repay-principal"
          label={manage.principal}
          value={principal}
          onChange={setPrincipal}
        />
        <Field
          id="repay-interest"
          label={manage.interest}
          value={interest}
          onChange={setInterest}
        />
      </FormRow>

      <h3 className="mt-6 font-semibold text-slate-900">{manage.publishTitle}</h3>
      <p className="text-sm text-slate-600">{manage.publishLead}</p>
      <FormRow
        onSubmit={publish}
        submitLabel={manage.publish}
        busy={busy}
        columns={2}
        primary={false}
        error={errorOf("publish")}
      >
        <Field
          id="publish-epoch"
          label={manage.epoch}
          value={epoch}
          onChange={setEpoch}
          inputMode="numeric"
        />
        {FIGURES.map(([key, label]) => (
          <Field
            key={key}
            id={`publish-${key}`}
            label={label}
            value={figures[key]}
            onChange={(v) => setFigures((f) => ({ ...f, [key]: v }))}
          />
        ))}
      </FormRow>
    </Section>
  );
}
