"use client";

import { fill, formatUsdc, manage } from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isAddress, type Address } from "viem";
import { Skeleton } from "@/components/ui/Skeleton";
import {
  checkForceWithdrawal,
  fetchReferralPayouts,
  manageKeys,
  type PoolHealth,
  type ReferralPayout,
} from "./api";
import { parseUsdcField } from "./forms";
import { Field, PoolSelect, TrancheSelect } from "./PoolSelect";
import { ErrorText, FormRow, Section, StatusBadge, dateTime } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

/** Lenders: a forced withdrawal (with its reason) and the referral payouts. */
export function LendersPanel({ pools }: { pools: PoolHealth[] }) {
  return (
    <Section id="manage-lenders" title={manage.lendersTitle} lead={manage.lendersLead}>
      <ForceWithdrawal pools={pools} />
      <ReferralPayouts />
    </Section>
  );
}

function ForceWithdrawal({ pools }: { pools: PoolHealth[] }) {
  const { run } = useOperatorTx();
  const [poolId, setPoolId] = useState(pools[0]?.poolId ?? "0");
  const pool = pools.find((p) => p.poolId === poolId) ?? pools[0];
  const [trancheId, setTrancheId] = useState("0");
  const [user, setUser] = useState("");
  const [amount, setAmount] = useState("all");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pool) return null;
  const tranche = pool.tranches.find((t) => t.id === trancheId) ?? pool.tranches[0];

  const submit = async () => {
    setPlan(null);
    if (!isAddress(user.trim())) return setError(manage.invalidLender);
    const all = amount.trim().toLowerCase() === "all";
    if (!all && !parseUsdcField(amount, true).ok) return setError(manage.invalidForceAmount);
    if (!reason.trim()) return setError(manage.forceReasonRequired);
    setError(null);
    setBusy(true);
    try {
      // the server's checks first (the ops CLI's): role, tranche, the lender's free shares
      const checked = await checkForceWithdrawal({
        poolId: pool.poolId,
        trancheId: tranche?.id ?? "0",
        user: user.trim(),
        amount: all ? "all" : amount.trim(),
        reason,
      });
      setPlan(
        fill(manage.forcePlan, {
          value: formatUsdc(BigInt(checked.value)),
          free: formatUsdc(BigInt(checked.freeValue)),
          user: checked.user,
        }),
      );
      await run(
        {
          functionName: "forceWithdrawal",
          args: [
            BigInt(checked.poolId),
            BigInt(checked.trancheId),
            checked.user as Address,
            BigInt(checked.shares),
          ],
        },
        manage.forceSubmit,
        checked.reason,
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="force-withdrawal">
      <h3 className="font-semibold text-slate-900">{manage.forceTitle}</h3>
      <p className="text-sm text-slate-600">{manage.forceLead}</p>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PoolSelect id="force-pool" pools={pools} value={pool.poolId} onChange={setPoolId} />
        <TrancheSelect
          id="force-tranche"
          tranches={pool.tranches}
          value={tranche?.id ?? "0"}
          onChange={setTrancheId}
        />
      </div>
      <FormRow
        onSubmit={() => void submit()}
        submitLabel={manage.forceSubmit}
        busy={busy}
        error={error}
        columns={2}
      >
        <Field
          id="force-user"
          label={manage.lender}
          value={user}
          onChange={setUser}
          inputMode="text"
        />
        <Field id="force-amount" label={manage.forceAmount} value={amount} onChange={setAmount} />
        <Field
          id="force-reason"
          label={manage.forceReason}
          value={reason}
          onChange={setReason}
          inputMode="text"
        />
      </FormRow>
      {plan ? (
        <p className="mt-2 text-sm break-words text-slate-700" data-testid="force-plan">
          {plan}
        </p>
      ) : null}
    </div>
  );
}

const STATUS_TEXT: Record<ReferralPayout["status"], string> = {
  paid: manage.payoutPaid,
  deferred: manage.payoutDeferred,
  refused: manage.payoutRefused,
  failed: manage.payoutFailed,
  waiting: manage.payoutWaiting,
};

function ReferralPayouts() {
  const payouts = useQuery({
    queryKey: manageKeys.referralPayouts(),
    queryFn: fetchReferralPayouts,
  });
  return (
    <div className="mt-6" data-testid="referral-payouts">
      <h3 className="font-semibold text-slate-900">{manage.payoutsTitle}</h3>
      <p className="text-sm text-slate-600">{manage.payoutsLead}</p>
      {payouts.error ? (
        <ErrorText>{fill(manage.loadFailed, { message: payouts.error.message })}</ErrorText>
      ) : !payouts.data ? (
        <Skeleton className="mt-2 h-12 w-full" />
      ) : payouts.data.payouts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{manage.payoutsEmpty}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {payouts.data.payouts.map((p) => (
            <li
              key={`${p.poolId}-${p.epoch}-${p.referrer}`}
              className="min-w-0 rounded-lg border border-slate-200 p-2 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">
                  {fill(manage.payoutLine, {
                    pool: p.poolId,
                    epoch: p.epoch,
                    reward: formatUsdc(BigInt(p.reward)),
                  })}
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge stale={p.status !== "paid" && p.status !== "waiting"} />
                  <span className="text-slate-700">{STATUS_TEXT[p.status]}</span>
                </span>
              </div>
              <p className="break-all text-slate-600">
                {fill(manage.payoutTo, { referrer: p.referrer, lenders: p.lenders })}
              </p>
              <p className="text-slate-600">{dateTime(p.clearedAt)}</p>
              {p.paidTx ? (
                <p className="break-all text-slate-600">
                  {fill(manage.auditTx, { hash: p.paidTx })}
                </p>
              ) : null}
              {p.refusal ? (
                <p className="break-words text-slate-600">
                  {fill(manage.payoutRefusal, { reason: p.refusal })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
