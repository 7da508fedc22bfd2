/**
 * Gas limits: an estimate is the least gas that succeeds in the pending block, and the mined block
 * can cost more (a new second makes Uniswap-style pairs write their price accumulators, a keeper
 * can clear an epoch in between). Every write of the app sends its estimate plus this margin,
 * as wallets and Uniswap's interface do, so such a transaction does not run out of gas.
 */
export const GAS_MARGIN_PERCENT = 20n;

/** `estimate` plus GAS_MARGIN_PERCENT, rounded up. */
export function gasLimitWithMargin(estimate: bigint): bigint {
  if (estimate < 0n) throw new RangeError("a gas estimate cannot be negative");
  return (estimate * (100n + GAS_MARGIN_PERCENT) + 99n) / 100n;
}
