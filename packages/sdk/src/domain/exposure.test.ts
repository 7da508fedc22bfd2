import { describe, expect, it } from "vitest";
import { exposureShares, lenderExposure } from "./decisions";
import { swapDepositAmount, swapMinimumOut } from "./swap";
import {
  CLEARING_PERIOD_SECONDS,
  EPOCH_DURATION_SECONDS,
  genesisFromEpochTimes,
  pendingRequestClearingStart,
  requestClearingStart,
  requestEpochAt,
} from "./time";

const USDC = 1_000_000n;
const DAY = 86_400;
const WEEK = EPOCH_DURATION_SECONDS;

describe("lenderExposure: the lender's part of an identified borrower's loan", () => {
  it("is the loan pro rata to the lender's share of the tranche, rounded down", () => {
    // a quarter of the tranche: a quarter of a 100 USDC loan
    const base = { trancheShares: 4_000n * 10n ** 12n, trancheAssets: 1_000n * USDC };
    expect(
      lenderExposure({ ...base, loanAssets: 100n * USDC, holderShares: 1_000n * 10n ** 12n }),
    ).toBe(25n * USDC);
    // a third: rounded down to the unit
    expect(
      lenderExposure({
        loanAssets: 100n * USDC,
        holderShares: 1n,
        trancheShares: 3n,
        trancheAssets: 300n * USDC,
      }),
    ).toBe(33_333_333n);
  });

  it("is never more than the lender's whole position when the loan exceeds the tranche", () => {
    const args = { holderShares: 1n, trancheShares: 2n, trancheAssets: 200n * USDC };
    expect(lenderExposure({ ...args, loanAssets: 5_000n * USDC })).toBe(100n * USDC);
    expect(lenderExposure({ ...args, loanAssets: 200n * USDC })).toBe(100n * USDC);
  });

  it("is 0 for a lender without shares, an empty tranche or no loan", () => {
    const args = {
      loanAssets: 100n * USDC,
      holderShares: 5n,
      trancheShares: 10n,
      trancheAssets: USDC,
    };
    expect(lenderExposure({ ...args, holderShares: 0n })).toBe(0n);
    expect(lenderExposure({ ...args, trancheShares: 0n })).toBe(0n);
    expect(lenderExposure({ ...args, loanAssets: 0n })).toBe(0n);
  });
});

describe("exposureShares: the shares a fund return withdraws", () => {
  // 1,000 USDC for 1,000e12 shares plus the chain's virtual 1e6 shares and 1 unit of assets
  const tranche = { trancheShares: 1_000n * 10n ** 12n, trancheAssets: 1_000n * USDC };

  it("converts like the chain's convertToShares (rounded down, virtual shares and assets)", () => {
    const exposure = 250n * USDC;
    const expected =
      (exposure * (tranche.trancheShares + 1_000_000n)) / (tranche.trancheAssets + 1n);
    expect(exposureShares({ ...tranche, exposure, freeShares: 10n ** 30n })).toBe(expected);
    // worth at most the exposure at the same totals (the chain's convertToAssets, rounded down)
    const worth = (expected * (tranche.trancheAssets + 1n)) / (tranche.trancheShares + 1_000_000n);
    expect(worth).toBeLessThanOrEqual(exposure);
    expect(exposure - worth).toBeLessThanOrEqual(1n);
  });

  it("never takes more than the lender's free shares, nothing for no exposure", () => {
    expect(exposureShares({ ...tranche, exposure: 250n * USDC, freeShares: 7n })).toBe(7n);
    expect(exposureShares({ ...tranche, exposure: 0n, freeShares: 7n })).toBe(0n);
    expect(exposureShares({ ...tranche, exposure: 5n, freeShares: 0n })).toBe(0n);
  });
});

describe("swapDepositAmount: a swap deposit is the reviewed minimum received", () => {
  it("requests the reviewed quote's minimum when the confirmed quote is as good or better", () => {
    expect(swapDepositAmount(151n * USDC, 149_480_000n)).toBe(swapMinimumOut(149_480_000n));
    expect(swapMinimumOut(149_480_000n)).toBe(147_985_200n);
  });

  it("requests less when the confirmed quote guarantees less than the reviewed minimum", () => {
    expect(swapDepositAmount(140n * USDC, 149_480_000n)).toBe(swapMinimumOut(140n * USDC));
  });
});

describe("requestClearingStart: when the clearing that processes a request starts", () => {
  const genesis = 1_700_000_000;

  it("is this epoch's clearing before it starts, the next epoch's during it", () => {
    const clearing0 = genesis + WEEK - CLEARING_PERIOD_SECONDS;
    expect(requestClearingStart(genesis, genesis)).toBe(clearing0);
    expect(requestClearingStart(genesis, clearing0 - 1)).toBe(clearing0);
    // from the first second of the clearing period a request belongs to the next epoch
    expect(requestEpochAt(genesis, clearing0 - 1)).toBe(0n);
    expect(requestEpochAt(genesis, clearing0)).toBe(1n);
    expect(requestClearingStart(genesis, clearing0)).toBe(clearing0 + WEEK);
    expect(requestClearingStart(genesis, genesis + WEEK - 1)).toBe(clearing0 + WEEK);
    // the next epoch's first second: its own clearing
    expect(requestClearingStart(genesis, genesis + WEEK)).toBe(clearing0 + WEEK);
    expect(requestEpochAt(genesis, genesis + 3 * WEEK + 2 * DAY)).toBe(3n);
  });

  it("derives the genesis from the current epoch and the next epoch's start", () => {
    expect(genesisFromEpochTimes({ currentEpoch: 4n, nextEpochStart: genesis + 5 * WEEK })).toBe(
      genesis,
    );
  });
});

describe("pendingRequestClearingStart: the clearing a waiting request is processed in (cancel modal)", () => {
  const genesis = 1_700_000_000;
  const clearing0 = genesis + WEEK - CLEARING_PERIOD_SECONDS;

  it("is the request's own clearing while its epoch runs, even once the clearing has started", () => {
    expect(pendingRequestClearingStart(genesis, genesis + DAY, genesis + 2 * DAY)).toBe(clearing0);
    // in the clearing period the request made before it is being processed: that clearing's date
    expect(pendingRequestClearingStart(genesis, genesis + DAY, clearing0 + DAY)).toBe(clearing0);
  });

  it("is the next epoch's clearing for a request made during a clearing period", () => {
    expect(pendingRequestClearingStart(genesis, clearing0 + DAY, clearing0 + DAY)).toBe(
      clearing0 + WEEK,
    );
  });

  it("is the current epoch's clearing for a request carried over from an earlier epoch", () => {
    const now = genesis + 3 * WEEK + DAY;
    expect(pendingRequestClearingStart(genesis, genesis + DAY, now)).toBe(clearing0 + 3 * WEEK);
  });
});
