import {
  fill,
  formatTokenBalance,
  lockPeriodDays,
  locking as copy,
  type LockPeriod,
} from "@lending/sdk";

/** KSU (and rKSU) have 18 decimals. */
export const KSU_DECIMALS = 18;

/** "1,000.00 KSU": a KSU amount (18 decimals) with the product's symbol. */
export const ksuAmount = (value: bigint, product: string) =>
  fill(copy.overview.amount, { amount: formatTokenBalance(value, KSU_DECIMALS), product });

/** "180 days". */
export const periodText = (p: Pick<LockPeriod, "lockPeriod">) =>
  fill(copy.days, { days: lockPeriodDays(p.lockPeriod) });

/** "0.25x": multipliers as the spec writes them. */
export const multiplierText = (value: number) => fill(copy.multiplier, { value: value.toFixed(2) });

/** A lock's number as the lender reads it: the chain's ids start at 0, people count from 1. */
export const lockNumber = (id: bigint) => (id + 1n).toString();
