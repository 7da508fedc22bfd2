/**
 * Referral rewards (issue 13; docs/protocol.md "Referral rewards"): a referrer earns a share
 * (REFERRAL_FEE_SHARE, default 10%) of the performance fee its referred lenders' interest paid
 * in each clearing, per pool and epoch, floored to whole USDC units (1e-6 USDC).
 */

const WAD = 10n ** 18n;
const PPM = 1_000_000n;

/** One interest-earning holding of a lender at a clearing: its USDC value and epoch rate. */
export type FeeHolding = {
  /** USDC units (6 decimals) held in the ledger before the clearing */
  valueUsdc: bigint;
  /** the ledger's epoch interest rate applied by the clearing (1e18 = 100%) */
  epochRateWad: bigint;
};

/**
 * The performance fee a lender's holdings paid in one clearing, as the manager applies interest:
 * each holding's interest (value x rate), scaled by what the interest reserve paid of what was
 * due (`paid / due`, 1 without a shortfall), times the fee (`feeWad`, 0.1e18 = 10%), rounded
 * down at each step as the contract does.
 *
 * @example clearingFee([{ valueUsdc: 1_000_000_000n, epochRateWad: 2_000_000_000_000_000n }], { feeWad: 10n ** 17n }) // 200_000n
 */
export function clearingFee(
  holdings: readonly FeeHolding[],
  args: { feeWad: bigint; paid?: bigint; due?: bigint },
): bigint {
  let fee = 0n;
  for (const h of holdings) {
    const interest = (h.valueUsdc * h.epochRateWad) / WAD;
    const part = args.due && args.paid !== undefined ? (interest * args.paid) / args.due : interest;
    fee += (part * args.feeWad) / WAD;
  }
  return fee;
}

/**
 * REFERRAL_FEE_SHARE (a fraction, 0 to 1) in parts per million, the precision rewards use.
 *
 * @example referralSharePpm(0.1) // 100_000n
 */
export function referralSharePpm(share: number): bigint {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`referral share ${share} is not in [0, 1]`);
  return BigInt(Math.round(share * 1_000_000));
}

/**
 * A referrer's reward for one referred lender's fee: `fee x share`, floored to 1e-6 USDC.
 *
 * @example referralReward(200_000n, 100_000n) // 20_000n (0.02 USDC of a 0.20 USDC fee)
 */
export function referralReward(feeUsdc: bigint, sharePpm: bigint): bigint {
  return (feeUsdc * sharePpm) / PPM;
}
