"use client";

import {
  epochRateToApy,
  fill,
  FIXED_TERM_DEPOSIT_STATUSES,
  formatPercent,
  formatUsdc,
  lendingPoolManagerAbi,
  manage,
  parseApyPercent,
  parseLockEpochs,
  parseTrancheLimits,
  rateEffectiveEpoch,
  readRequestEpoch,
  type Pool,
  type Tranche,
  readContract,
} from "@lending/sdk";
import { getDeployment } from "@lending/sdk/deployments";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isAddress, type Address } from "viem";
import { Skeleton } from "@/components/ui/Skeleton";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain, usePools } from "@/lib/queries/hooks";
import { manageKeys } from "./api";
import { Field, TrancheSelect } from "./PoolSelect";
import { fieldLabel, FormRow, Section } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

const STATUS_TEXT = {
  Disabled: manage.statusDisabled,
  Everyone: manage.statusEveryone,
  Allowlist: manage.statusAllowlist,
} as const;

/**
 * A tranche's settings from the operator's wallet: the variable rate (with the contract's
 * two-epoch notice), deposit limits, fixed-term offers and their allowlist, closing a tranche to
 * new deposits (after a confirmation saying what lenders will see) and reopening it. Each form checks its input with the SDK's rules before the wallet is asked.
 */
export function SettingsPanel() {
  const pools = usePools();
  const [poolId, setPoolId] = useState("0");
  const [trancheId, setTrancheId] = useState("0");
  const pool = pools.data?.find((p) => String(p.id) === poolId) ?? pools.data?.[0];
  const tranche = pool?.tranches.find((t) => String(t.id) === trancheId) ?? pool?.tranches[0];
  return (
    <Section id="manage-settings" title={manage.settingsTitle} lead={manage.settingsLead}>
      {!pool || !tranche ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="settings-pool" className={fieldLabel}>
                {manage.pool}
              </label>
              <select
                id="settings-pool"
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
                value={String(pool.id)}
                onChange={(e) => {
                  setPoolId(e.target.value);
                  setTrancheId("0");
                }}
              >
                {pools.data!.map((p) => (
                  <option key={String(p.id)} value={String(p.id)}>
                    {fill(manage.poolOption, { id: String(p.id), name: p.poolName })}
                  </option>
                ))}
              </select>
            </div>
            <TrancheSelect
              id="settings-tranche"
              tranches={pool.tranches.map((t) => ({ id: String(t.id), name: t.name }))}
              value={String(tranche.id)}
              onChange={setTrancheId}
            />
          </div>
          <TrancheSettings key={`${pool.id}-${tranche.id}`} pool={pool} tranche={tranche} />
        </>
      )}
    </Section>
  );
}

function useTrancheRate(poolId: bigint, trancheId: bigint) {
  const { chainId, client } = useAppChain();
  return useQuery({
    queryKey: [...manageKeys.all, "rate", chainId, String(poolId), String(trancheId)],
    enabled: Boolean(client),
    queryFn: async () => {
      const deployment = getDeployment(chainId);
      const [state, requestEpoch] = await Promise.all([
        readContract(client!, {
          address: deployment.lendingPoolManager,
          abi: lendingPoolManagerAbi,
          functionName: "getTrancheState",
          args: [poolId, trancheId],
        }),
        readRequestEpoch(client!, deployment),
      ]);
      return { pendingRate: state.pendingRate, pendingEpoch: state.pendingRateEpoch, requestEpoch };
    },
  });
}

function TrancheSettings({ pool, tranche }: { pool: Pool; tranche: Tranche }) {
  const { run: send } = useOperatorTx();
  const { chainId } = useAppChain();
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  /** Sends the call with the reason; the tranche's figures are read again once mined. */
  const run = async (call: Parameters<typeof send>[0], label: string) => {
    const done = await send(call, label, reason);
    if (done) await client.invalidateQueries({ queryKey: queryKeys.pools(chainId) });
    return done;
  };
  const rate = useTrancheRate(pool.id, tranche.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ form: string; message: string } | null>(null);
  const [apy, setApy] = useState("");
  const [limits, setLimits] = useState({
    minimumDeposit: formatUsdc(tranche.minimumDeposit).replace(/,/g, ""),
    maximumDeposit: formatUsdc(tranche.maximumDeposit).replace(/,/g, ""),
    capacity: formatUsdc(tranche.capacity).replace(/,/g, ""),
  });
  const [fixedApy, setFixedApy] = useState("");
  const [lockEpochs, setLockEpochs] = useState("");
  const [fixedStatus, setFixedStatus] = useState<number>(1);
  const [configId, setConfigId] = useState(String(tranche.fixedTermConfig[0]?.configId ?? ""));
  const [allowAddress, setAllowAddress] = useState("");
  const [confirmClose, setConfirmClose] = useState(false);
  const ids = [pool.id, tranche.id] as const;

  const act = async (form: string, fn: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      setError({ form, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (form: string) => (error?.form === form ? error.message : null);
  const refuse = (form: string, message: string) => setError({ form, message });

  const setRate = () => {
    const r = parseApyPercent(apy);
    if (!r.ok) return refuse("rate", r.error);
    void act("rate", () =>
      run({ functionName: "setTrancheRate", args: [...ids, r.value] }, manage.setRate),
    );
  };
  const setTrancheLimits = () => {
    const l = parseTrancheLimits(limits);
    if (!l.ok) return refuse("limits", l.error);
    const { minimumDeposit, maximumDeposit, capacity } = l.value;
    void act("limits", () =>
      run(
        {
          functionName: "setTrancheLimits",
          args: [...ids, minimumDeposit, maximumDeposit, capacity],
        },
        manage.setLimits,
      ),
    );
  };
  const addOffer = () => {
    const r = parseApyPercent(fixedApy);
    if (!r.ok) return refuse("fixed", r.error);
    const l = parseLockEpochs(lockEpochs);
    if (!l.ok) return refuse("fixed", l.error);
    void act("fixed", () =>
      run(
        { functionName: "addFixedTermConfig", args: [...ids, r.value, l.value, fixedStatus] },
        manage.addFixed,
      ),
    );
  };
  const setOfferStatus = () => {
    if (!configId) return refuse("status", manage.fixedNone);
    void act("status", () =>
      run(
        {
          functionName: "setFixedTermStatus",
          args: [...ids, BigInt(configId), fixedStatus],
        },
        manage.setStatus,
      ),
    );
  };
  const allowlist = (allowed: boolean) => {
    if (!configId) return refuse("allow", manage.fixedNone);
    if (!isAddress(allowAddress.trim())) return refuse("allow", manage.invalidLender);
    void act("allow", () =>
      run(
        {
          functionName: "setFixedTermAllowlist",
          args: [...ids, BigInt(configId), allowAddress.trim() as Address, allowed],
        },
        allowed ? manage.allow : manage.disallow,
      ),
    );
  };

  const effective = rate.data ? rateEffectiveEpoch(rate.data.requestEpoch) : undefined;
  const statusSelect = (
    <div className="min-w-0">
      <label htmlFor="fixed-status" className={fieldLabel}>
        {manage.fixedStatus}
      </label>
      <select
        id="fixed-status"
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        value={fixedStatus}
        onChange={(e) => setFixedStatus(Number(e.target.value))}
      >
        {FIXED_TERM_DEPOSIT_STATUSES.map((s, i) => (
          <option key={s} value={i}>
            {STATUS_TEXT[s]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="mt-4 flex flex-col gap-6">
      <Field
        id="settings-reason"
        label={manage.reason}
        value={reason}
        onChange={setReason}
        inputMode="text"
      />
      <div data-testid="settings-rate">
        <h3 className="font-semibold text-slate-900">{manage.rateTitle}</h3>
        <p className="text-sm text-slate-700">
          {fill(manage.rateNow, { apy: formatPercent(tranche.apy) })}
        </p>
        {rate.data && rate.data.pendingEpoch > 0n ? (
          <p className="text-sm text-slate-700">
            {fill(manage.ratePending, {
              apy: formatPercent(epochRateToApy(rate.data.pendingRate)),
              epoch: String(rate.data.pendingEpoch),
            })}
          </p>
        ) : null}
        {effective !== undefined ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="rate-notice">
            {fill(manage.rateNotice, { epoch: String(effective) })}
          </p>
        ) : null}
        <FormRow
          onSubmit={setRate}
          submitLabel={manage.setRate}
          busy={busy}
          columns={2}
          error={errorOf("rate")}
        >
          <Field id="settings-apy" label={manage.apy} value={apy} onChange={setApy} />
        </FormRow>
      </div>

      <div data-testid="settings-limits">
        <h3 className="font-semibold text-slate-900">{manage.limitsTitle}</h3>
        <p className="text-sm text-slate-700">
          {fill(manage.limitsNow, {
            min: formatUsdc(tranche.minimumDeposit),
            max: formatUsdc(tranche.maximumDeposit),
            capacity: formatUsdc(tranche.capacity),
          })}
        </p>
        <p className="text-sm text-slate-600">{manage.limitsLead}</p>
        <FormRow
          onSubmit={setTrancheLimits}
          submitLabel={manage.setLimits}
          busy={busy}
          columns={2}
          error={errorOf("limits")}
        >
          <Field
            id="settings-min"
            label={manage.minimumDeposit}
            value={limits.minimumDeposit}
            onChange={(v) => setLimits((l) => ({ ...l, minimumDeposit: v }))}
          />
          <Field
            id="settings-max"
            label={manage.maximumDeposit}
            value={limits.maximumDeposit}
            onChange={(v) => setLimits((l) => ({ ...l, maximumDeposit: v }))}
          />
          <Field
            id="settings-capacity"
            label={manage.capacity}
            value={limits.capacity}
            onChange={(v) => setLimits((l) => ({ ...l, capacity: v }))}
          />
        </FormRow>
      </div>

      <div data-testid="settings-fixed">
        <h3 className="font-semibold text-slate-900">{manage.fixedTitle}</h3>
        {tranche.fixedTermConfig.length === 0 ? (
          <p className="text-sm text-slate-700">{manage.fixedNone}</p>
        ) : (
          <ul className="text-sm text-slate-700">
            {tranche.fixedTermConfig.map((c) => (
              <li key={String(c.configId)}>
                {fill(manage.fixedLine, {
                  id: String(c.configId),
                  apy: formatPercent(c.apy),
                  epochs: String(c.epochLockDuration),
                  status: STATUS_TEXT[c.fixedTermDepositStatus],
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">{manage.fixedLead}</p>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {statusSelect}
          {tranche.fixedTermConfig.length > 0 ? (
            <div className="min-w-0">
              <label htmlFor="fixed-config" className={fieldLabel}>
                {manage.offer}
              </label>
              <select
                id="fixed-config"
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
                value={configId}
                onChange={(e) => setConfigId(e.target.value)}
              >
                {tranche.fixedTermConfig.map((c) => (
                  <option key={String(c.configId)} value={String(c.configId)}>
                    {fill(manage.offerOption, {
                      id: String(c.configId),
                      apy: formatPercent(c.apy),
                      epochs: String(c.epochLockDuration),
                    })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <FormRow
          onSubmit={addOffer}
          submitLabel={manage.addFixed}
          busy={busy}
          error={errorOf("fixed")}
        >
          <Field id="fixed-apy" label={manage.apy} value={fixedApy} onChange={setFixedApy} />
          <Field
            id="fixed-epochs"
            label={manage.lockEpochs}
            value={lockEpochs}
            onChange={setLockEpochs}
            inputMode="numeric"
          />
        </FormRow>
        {tranche.fixedTermConfig.length > 0 ? (
          <>
            <FormRow
              onSubmit={setOfferStatus}
              submitLabel={manage.setStatus}
              busy={busy}
              columns={1}
              primary={false}
              error={errorOf("status")}
            >
              {null}
            </FormRow>
            <h4 className="mt-4 font-semibold text-slate-900">{manage.allowlistTitle}</h4>
            <p className="text-sm text-slate-600">{manage.allowlistLead}</p>
            <FormRow
              onSubmit={() => allowlist(true)}
              submitLabel={manage.allow}
              busy={busy}
              columns={2}
              error={errorOf("allow")}
            >
              <Field
                id="allow-address"
                label={manage.allowAddress}
                value={allowAddress}
                onChange={setAllowAddress}
                inputMode="text"
              />
            </FormRow>
            <button
              type="button"
              className="mt-2 text-sm font-medium text-slate-700 underline"
              disabled={busy}
              onClick={() => allowlist(false)}
            >
              {manage.disallow}
            </button>
          </>
        ) : null}
      </div>

      <div data-testid="settings-open">
        <h3 className="font-semibold text-slate-900">
          {tranche.closed ? manage.closedTitle : manage.trancheOpen}
        </h3>
        {tranche.closed ? (
          <>
            <p className="text-sm text-slate-600">{manage.closedLead}</p>
            <FormRow
              onSubmit={() =>
                void act("reopen", () =>
                  run({ functionName: "reopenTranche", args: [...ids] }, manage.reopen),
                )
              }
              submitLabel={manage.reopen}
              busy={busy}
              columns={1}
              error={errorOf("reopen")}
            >
              {null}
            </FormRow>
          </>
        ) : confirmClose ? (
          <>
            <p className="text-sm text-slate-700" data-testid="settings-close-confirm">
              {manage.closeConfirm}
            </p>
            <FormRow
              onSubmit={() =>
                void act("close", async () => {
                  const done = await run(
                    { functionName: "closeTranche", args: [...ids] },
                    manage.closeTranche,
                  );
                  if (done) setConfirmClose(false);
                })
              }
              submitLabel={manage.closeConfirmSubmit}
              busy={busy}
              columns={1}
              error={errorOf("close")}
            >
              {null}
            </FormRow>
            <button
              type="button"
              className="mt-2 text-sm font-medium text-slate-700 underline"
              disabled={busy}
              onClick={() => setConfirmClose(false)}
            >
              {manage.closeCancel}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="mt-2 text-sm font-medium text-slate-700 underline"
            disabled={busy}
            onClick={() => setConfirmClose(true)}
          >
            {manage.closeTranche}
          </button>
        )}
      </div>
    </div>
  );
}
