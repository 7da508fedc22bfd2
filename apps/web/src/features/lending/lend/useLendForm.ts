"use client";

import {
  parseAmountInput,
  trancheDepositLimits,
  USDC_DECIMALS,
  swapMinimumOut,
  validateLendAmount,
  validationDebounceMs,
  type InputStatus,
  type Pool,
  type TrancheDepositLimits,
} from "@lending/sdk";
import { useEffect, useState } from "react";
import type { Address } from "viem";
import type { LendFormUserData } from "@/lib/queries/chain";

/** The asset a deposit is paid with: USDC (address null) or a swap token. */
export interface LendToken {
  symbol: string;
  decimals: number;
  /** null for USDC; the swap API's address otherwise (0xeeee...eeee for ETH) */
  address: Address | null;
}

/** The spec's lend form state (section 3). */
export interface LendFormState {
  /** the chosen asset's symbol */
  asset: string;
  amountText: string;
  /** the amount field was changed at least once (or Max / the simulator was used) */
  touched: boolean;
  trancheId: bigint;
  /** 0n is variable, otherwise a fixed-term config id */
  fixedTermConfigId: bigint;
  termsAccepted: boolean;
  days: number;
}

export const LEND_TOKEN: LendToken = { symbol: "USDC", decimals: USDC_DECIMALS, address: null };

export function initialLendForm(trancheId: bigint): LendFormState {
  return {
    asset: LEND_TOKEN.symbol,
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
  /** the amount's USDC value (the quote for a swap token) */
  amountUsdc?: bigint;
}

/** A swap token's context: its wallet balance and a quote function (source -> USDC). */
export interface SwapContext {
  balance: bigint | undefined;
  quote: (fromAmount: bigint) => Promise<bigint>;
}

/**
 * Derived lend-form values and the debounced validation (validationDebounceMs): while a change is
 * waiting to be validated the input status is "focused", then "error" or "success".
 */
export function useLendValidation(
  pool: Pool,
  form: LendFormState,
  user?: LendFormUserData,
  token: LendToken = LEND_TOKEN,
  swap?: SwapContext,
) {
  const tranche = pool.tranches.find((t) => t.id === form.trancheId);
  const amount = parseAmountInput(form.amountText, token.decimals);
  const isSwap = token.address !== null;
  const limits: TrancheDepositLimits | undefined =
    tranche && user
      ? trancheDepositLimits({
          minimumDeposit: tranche.minimumDeposit,
          maximumDeposit: tranche.maximumDeposit,
          depositedThisEpoch: user.depositedThisEpoch[tranche.id.toString()] ?? 0n,
        })
      : undefined;
  const balance = isSwap ? swap?.balance : user?.balance;
  const key = `${token.symbol}|${form.amountText}|${form.trancheId}|${limits?.minimum}|${limits?.maximum}|${balance}`;
  const [validated, setValidated] = useState<Validated | null>(null);
  const [immediate, setImmediate] = useState<Validated | null>(null);

  const minimum = limits?.minimum;
  const maximum = limits?.maximum;
  const quote = swap?.quote;
  useEffect(() => {
    if (!form.touched || minimum === undefined || maximum === undefined || balance === undefined)
      return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void (async () => {
        // For a swap token the min/max compare the quoted USDC value, the balance the token amount.
        let amountUsdc = amount;
        if (isSwap && amount > 0n) {
          try {
            amountUsdc = quote ? await quote(amount) : 0n;
          } catch (error) {
            if (!cancelled) setValidated({ key, error: (error as Error).message });
            return;
          }
        }
        // a swap deposits its minimum out, so that must reach the tranche minimum
        const depositUsdc = isSwap ? swapMinimumOut(amountUsdc) : amountUsdc;
        const error = validateLendAmount({
          amount,
          amountUsdc,
          depositUsdc,
          minimum,
          maximum,
          balance,
        });
        if (!cancelled) setValidated({ key, error: error?.message ?? null, amountUsdc });
      })();
    }, validationDebounceMs(token.symbol));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, form.touched, amount, minimum, maximum, balance, isSwap, quote, token.symbol]);

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
    /** the validated amount's USDC value (for a swap token, the quote) */
    amountUsdc: validated?.key === key ? validated.amountUsdc : undefined,
    /** shows an error at once (the simulator clicked without an amount) */
    showErrorNow: (message: string) => setImmediate({ key, error: message }),
  };
}
