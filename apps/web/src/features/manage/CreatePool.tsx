"use client";

import {
  createPoolArgs,
  fill,
  manage,
  MAX_POOL_TRANCHES,
  parsePoolDraft,
  type PoolDraftInput,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { secondaryButton } from "@/components/ui/buttons";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import { Field } from "./PoolSelect";
import { FormRow, Section } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

type TrancheInput = PoolDraftInput["tranches"][number];
const emptyTranche = (): TrancheInput => ({
  name: "",
  apy: "",
  minimumDeposit: "",
  maximumDeposit: "",
  capacity: "",
});

/**
 * A new pool from the operator's wallet (`createPool`): a name, a subheading, how many epochs
 * ahead a request is made and 1 to 3 tranches, most junior first, each with an APY and deposit
 * limits. The SDK's rules (`parsePoolDraft`, the CLI's `pool:create` too) check it before the
 * wallet is asked; the pools are read again once it is mined.
 */
export function CreatePool() {
  const { run } = useOperatorTx();
  const { chainId } = useAppChain();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [subheading, setSubheading] = useState("");
  const [advance, setAdvance] = useState("0");
  const [reason, setReason] = useState("");
  const [tranches, setTranches] = useState<TrancheInput[]>([emptyTranche()]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setTranche = (i: number, field: keyof TrancheInput) => (v: string) =>
    setTranches((all) => all.map((t, j) => (j === i ? { ...t, [field]: v } : t)));

  const submit = () => {
    setDone(null);
    const parsed = parsePoolDraft({ name, subheading, requestEpochsInAdvance: advance, tranches });
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setBusy(true);
    void run(
      { functionName: "createPool", args: createPoolArgs(parsed.value) },
      manage.createPool,
      reason,
    )
      .then(async (sent) => {
        if (!sent) return;
        setDone(fill(manage.poolCreated, { name: parsed.value.name }));
        setName("");
        setSubheading("");
        setTranches([emptyTranche()]);
        await client.invalidateQueries({ queryKey: queryKeys.pools(chainId) });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };

  return (
    <Section id="manage-create-pool" title={manage.createPoolTitle} lead={manage.createPoolLead}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          id="pool-name"
          label={manage.poolName}
          value={name}
          onChange={setName}
          inputMode="text"
        />
        <Field
          id="pool-subheading"
          label={manage.poolSubheading}
          value={subheading}
          onChange={setSubheading}
          inputMode="text"
        />
        <Field
          id="pool-advance"
          label={manage.epochsInAdvance}
          value={advance}
          onChange={setAdvance}
          inputMode="numeric"
        />
        <Field
          id="pool-reason"
          label={manage.reason}
          value={reason}
          onChange={setReason}
          inputMode="text"
        />
      </div>
      {tranches.map((t, i) => (
        <fieldset
          key={i}
          className="mt-3 min-w-0 rounded-lg border border-slate-200 p-3"
          data-testid="new-tranche"
        >
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {fill(manage.trancheHeading, { n: i + 1 })}
          </legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Field
              id={`tranche-${i}-name`}
              label={manage.trancheName}
              value={t.name}
              onChange={setTranche(i, "name")}
              inputMode="text"
            />
            <Field
              id={`tranche-${i}-apy`}
              label={manage.apy}
              value={t.apy}
              onChange={setTranche(i, "apy")}
            />
            <Field
              id={`tranche-${i}-min`}
              label={manage.minimumDeposit}
              value={t.minimumDeposit}
              onChange={setTranche(i, "minimumDeposit")}
            />
            <Field
              id={`tranche-${i}-max`}
              label={manage.maximumDeposit}
              value={t.maximumDeposit}
              onChange={setTranche(i, "maximumDeposit")}
            />
            <Field
              id={`tranche-${i}-capacity`}
              label={manage.capacity}
              value={t.capacity}
              onChange={setTranche(i, "capacity")}
            />
          </div>
          {tranches.length > 1 ? (
            <button
              type="button"
              className={`${secondaryButton} mt-2`}
              onClick={() => setTranches((all) => all.filter((_, j) => j !== i))}
            >
              {fill(manage.removeTranche, { n: i + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      {tranches.length < MAX_POOL_TRANCHES ? (
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          onClick={() => setTranches((all) => [...all, emptyTranche()])}
        >
          {manage.addTranche}
        </button>
      ) : null}
      <FormRow
        onSubmit={submit}
        submitLabel={manage.createPool}
        busy={busy}
        columns={1}
        error={error}
        testId="create-pool-form"
      >
        {done ? (
          <p className="text-sm text-slate-700" role="status">
            {done}
          </p>
        ) : null}
      </FormRow>
    </Section>
  );
}
