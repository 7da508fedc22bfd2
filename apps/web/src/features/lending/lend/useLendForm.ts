"use client";

import {
  parseAmountInput,
  trancheDepositLimits,
  USDC_DECIMALS,
  validateLendAmount,
  validationDebounceMs,
  type InputStatus,
  type Pool,
  type TrancheDepositLimits,
} from "@lending/sdk";
import { useEffect, useState } from "react";
import type { LendFormUserData } from "@/lib/queries/chain";

/** The spec's lend form state (section 3), USDC only for now. */
export interface LendFormState {
  amountText: string;
  /** the amount field was changed at least once (or Max / the simulator was used) */
  touched: boolean;
  trancheId: bigint;
  /** 0n is variable, otherwise a fixed-term config id */
  fixedTermConfigId: bigint;
  termsAccepted: boolean;
  days: number;
}

export const LEND_TOKEN = { symbol: "USDC", decimals: USDC_DECIMALS } as const;

export function initialLendForm(trancheId: bigint): LendFormState {
  return {
    amountText: "",
    touched: false,
    trancheId,
    fixedTermConfigId: 0n,
    termsAccepted: false,
    days: 365,
  };
}

interface Validated {
  key: string;
  error: string | null;
}

/**
 * Derived lend-form values and the debounced validation (validationDebounceMs): while a change is
 * waiting to be validated the input status is "focused", then "error" or "success".
 */
export function useLendValidation(pool: Pool, form: LendFormState, user?: LendFormUserData) {
  const tranche = pool.tranches.find((t) => t.id === form.trancheId);
  const amount = parseAmountInput(form.amountText, LEND_TOKEN.decimals);
  const limits: TrancheDepositLimits | undefined =
    tranche && user
      ? trancheDepositLimits({
          minimumDeposit: tranche.minimumDeposit,
          maximumDeposit: tranche.maximumDeposit,
          depositedThisEpoch: user.depositedThisEpoch[tranche.id.toString()] ?? 0n,
        })
      : undefined;
  const key = `${form.amountText}|${form.trancheId}|${limits?.minimum}|${limits?.maximum}|${user?.balance}`;
  const [validated, setValidated] = useState<Validated | null>(null);
  const [immediate, setImmediate] = useState<Validated | null>(null);

  const minimum = limits?.minimum;
  const maximum = limits?.maximum;
  const balance = user?.balance;
  useEffect(() => {
    if (!form.touched || minimum === undefined || maximum === undefined || balance === undefined)
      return;
    const timer = setTimeout(() => {
      const error = validateLendAmount({ amount, amountUsdc: amount, minimum, maximum, balance });
      setValidated({ key, error: error?.message ?? null });
    }, validationDebounceMs(LEND_TOKEN.symbol));
    return () => clearTimeout(timer);
  }, [key, form.touched, amount, minimum, maximum, balance]);

  const current =
    immediate?.key === key ? immediate : validated?.key === key ? validated : undefined;
  const status: InputStatus = !form.touched
    ? "default"
    : current
      ? current.error
        ? "error"
        : "success"
      : "focused";

  return {
    tranche,
    amount,
    limits,
    status,
    error: status === "error" ? (current?.error ?? null) : null,
    /** shows an error at once (the simulator clicked without an amount) */
    showErrorNow: (message: string) => setImmediate({ key, error: message }),
  };
}
