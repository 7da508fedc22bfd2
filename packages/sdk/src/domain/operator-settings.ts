/**
 * The rules of the operator console's tranche settings (issue 27), the contract's own checks
 * repeated so a form refuses bad input before the wallet is asked: a rate's two-epoch notice and
 * ceiling, deposit limits, a fixed-term offer's lock length.
 */
import { manage } from "../i18n";
import { isAcceptableAmountInput, parseAmountInput } from "./amount-input";
import { apyToEpochRate } from "./apy";
import { USDC_DECIMALS } from "./format";

/** `setTrancheRate` applies from `requestEpoch() + RATE_CHANGE_DELAY_EPOCHS` (the contract's). */
export const RATE_CHANGE_DELAY_EPOCHS = 2n;
/** The highest per-epoch rate the contract takes (`MAX_EPOCH_INTEREST_RATE`, 5 % an epoch). */
export const MAX_EPOCH_INTEREST_RATE = 50_000_000_000_000_000n;
/** The console's ceiling for an APY typed in percent (a typo guard below the contract's). */
export const MAX_SETTINGS_APY_PERCENT = 100;

/** The epoch from which a rate set now applies (lenders see it on the pool's card from then). */
export function rateEffectiveEpoch(requestEpoch: bigint): bigint {
  return requestEpoch + RATE_CHANGE_DELAY_EPOCHS;
}

export type SettingsResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** An APY in percent ("9.5") as the per-epoch rate the contract stores, or the form's error. */
export function parseApyPercent(text: string): SettingsResult<bigint> {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(t)) return { ok: false, error: manage.invalidApy };
  const percent = Number(t);
  if (percent > MAX_SETTINGS_APY_PERCENT) return { ok: false, error: manage.invalidApy };
  const rate = apyToEpochRate(percent / 100);
  if (rate > MAX_EPOCH_INTEREST_RATE) return { ok: false, error: manage.invalidApy };
  return { ok: true, value: rate };
}

export type TrancheLimits = { minimumDeposit: bigint; maximumDeposit: bigint; capacity: bigint };

/**
 * A tranche's deposit limits in USDC ("10", "5000", "1000000"), as the contract checks them:
 * maximum above 0 and at least the minimum, capacity above 0 and at least the maximum.
 */
export function parseTrancheLimits(text: {
  minimumDeposit: string;
  maximumDeposit: string;
  capacity: string;
}): SettingsResult<TrancheLimits> {
  const values: bigint[] = [];
  for (const v of [text.minimumDeposit, text.maximumDeposit, text.capacity]) {
    const t = v.trim();
    if (t === "" || !isAcceptableAmountInput(t, USDC_DECIMALS)) {
      return { ok: false, error: manage.invalidFigure };
    }
    values.push(parseAmountInput(t, USDC_DECIMALS));
  }
  const [minimumDeposit, maximumDeposit, capacity] = values as [bigint, bigint, bigint];
  if (maximumDeposit === 0n || maximumDeposit < minimumDeposit || capacity < maximumDeposit) {
    return { ok: false, error: manage.invalidLimits };
  }
  return { ok: true, value: { minimumDeposit, maximumDeposit, capacity } };
}

/** A fixed-term offer's lock length: a whole number of epochs, 1 to 520 (ten years). */
export function parseLockEpochs(text: string): SettingsResult<bigint> {
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t) || Number(t) < 1 || Number(t) > 520) {
    return { ok: false, error: manage.invalidLockEpochs };
  }
  return { ok: true, value: BigInt(t) };
}
