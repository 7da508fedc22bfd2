/**
 * The rules of a new pool (issue 27, the console's "New pool" form and `npm run ops --
 * pool:create`), the contract's `createPool` checks repeated so bad input is refused before the
 * wallet is asked: a name, 1 to 3 tranches (most junior first), each named, with an APY and
 * deposit limits checked as the tranche settings are ({@link parseApyPercent},
 * {@link parseTrancheLimits}).
 */
import { fill, manage } from "../i18n";
import {
  parseApyPercent,
  parseTrancheLimits,
  type SettingsResult,
  type TrancheLimits,
} from "./operator-settings";

/** The contract's `MAX_TRANCHES`. */
export const MAX_POOL_TRANCHES = 3;
/** The longest pool or tranche name the console takes (the card's title). */
export const MAX_POOL_NAME_LENGTH = 64;
/** The longest subheading the console takes (one line under the name). */
export const MAX_POOL_SUBHEADING_LENGTH = 160;
/** The most epochs ahead a request may have to be made (a typo guard). */
export const MAX_REQUEST_EPOCHS_IN_ADVANCE = 12;

/** A new pool's form, as typed (APY in percent, limits in USDC). */
export type PoolDraftInput = {
  name: string;
  subheading: string;
  requestEpochsInAdvance: string;
  tranches: {
    name: string;
    apy: string;
    minimumDeposit: string;
    maximumDeposit: string;
    capacity: string;
  }[];
};

/** `createPool`'s arguments. */
export type PoolDraft = {
  name: string;
  subheading: string;
  requestEpochsInAdvance: bigint;
  tranches: ({ name: string; epochInterestRate: bigint } & TrancheLimits)[];
};

/** A new pool's arguments, or the first error (naming the tranche when one is wrong). */
export function parsePoolDraft(input: PoolDraftInput): SettingsResult<PoolDraft> {
  const name = input.name.trim();
  if (!name || name.length > MAX_POOL_NAME_LENGTH)
    return { ok: false, error: manage.invalidPoolName };
  const subheading = input.subheading.trim();
  if (subheading.length > MAX_POOL_SUBHEADING_LENGTH) {
    return { ok: false, error: manage.invalidSubheading };
  }
  const advance = input.requestEpochsInAdvance.trim();
  if (!/^\d{1,2}$/.test(advance) || Number(advance) > MAX_REQUEST_EPOCHS_IN_ADVANCE) {
    return { ok: false, error: manage.invalidEpochsInAdvance };
  }
  if (input.tranches.length < 1 || input.tranches.length > MAX_POOL_TRANCHES) {
    return { ok: false, error: manage.invalidTrancheCount };
  }
  const tranches: PoolDraft["tranches"] = [];
  for (const [i, t] of input.tranches.entries()) {
    const where = (error: string) => ({
      ok: false as const,
      error: fill(manage.trancheError, { n: i + 1, error }),
    });
    const trancheName = t.name.trim();
    if (!trancheName || trancheName.length > MAX_POOL_NAME_LENGTH) {
      return where(manage.invalidTrancheName);
    }
    const rate = parseApyPercent(t.apy);
    if (!rate.ok) return where(rate.error);
    const limits = parseTrancheLimits(t);
    if (!limits.ok) return where(limits.error);
    tranches.push({ name: trancheName, epochInterestRate: rate.value, ...limits.value });
  }
  return {
    ok: true,
    value: { name, subheading, requestEpochsInAdvance: BigInt(advance), tranches },
  };
}

/** `createPool(name, subheading, requestEpochsInAdvance, tranches)`'s arguments, in order. */
export function createPoolArgs(draft: PoolDraft) {
  return [
    draft.name,
    draft.subheading,
    draft.requestEpochsInAdvance,
    draft.tranches.map((t) => ({
      name: t.name,
      epochInterestRate: t.epochInterestRate,
      minimumDeposit: t.minimumDeposit,
      maximumDeposit: t.maximumDeposit,
      capacity: t.capacity,
    })),
  ] as const;
}
