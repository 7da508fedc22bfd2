import { describe, expect, it } from "vitest";
import {
  previewFill,
  simulateClearing,
  type ClearingBucketTotals,
  type ClearingTrancheState,
} from "./clearing";

const WAD = 10n ** 18n;
const tranche = (over: Partial<ClearingTrancheState> = {}): ClearingTrancheState => ({
  totalAssets: 0n,
  totalShares: 0n,
  fixedTermAssets: 0n,
  capacity: 0n,
  closed: false,
  epochInterestRate: 0n,
  pendingRate: 0n,
  pendingRateEpoch: 0n,
  fixedTermLedgers: [],
  ...over,
});
const buckets = (
  deposit: [bigint, bigint, bigint] = [0n, 0n, 0n],
  withdrawal: [bigint, bigint, bigint] = [0n, 0n, 0n],
): ClearingBucketTotals => ({ deposit, withdrawal });

describe("simulateClearing and previewFill (the contract's clearing rule)", () => {
  it("deposits: level 2 before level 0; what does not fit moves to the more senior tranche, the rest is refunded", () => {
    const state = {
      idleLiquidity: 0n,
      interestReserve: 0n,
      tranches: [tranche({ capacity: 100n }), tranche({ capacity: 50n })],
    };
    const r = simulateClearing(state, [buckets([50n, 0n, 120n]), buckets()], 0n);
    expect(r.tranches[0]!.deposit[2]).toMatchObject({ accepted: 100n, reallocated1: 20n });
    expect(r.tranches[0]!.deposit[0]).toMatchObject({ accepted: 0n, reallocated1: 30n });
    // a 20 request of the level-0 bucket of 50: 12 moved, 8 refunded
    expect(previewFill(r, { trancheId: 0n, kind: "Deposit", level: 0, amount: 20n })).toMatchObject(
      { accepted: 0n, reallocated: 12n, rejected: 8n, filledUsdc: 12n },
    );
    expect(r.after.idleLiquidity).toBe(150n);
  });

  it("deposits never move to a riskier tranche, and a closed tranche takes nothing", () => {
    const state = {
      idleLiquidity: 0n,
      interestReserve: 0n,
      tranches: [tranche({ capacity: 1_000n }), tranche({ capacity: 1_000n, closed: true })],
    };
    const r = simulateClearing(state, [buckets(), buckets([0n, 0n, 10n])], 0n);
    expect(previewFill(r, { trancheId: 1n, kind: "Deposit", level: 2, amount: 10n })).toMatchObject(
      { accepted: 0n, reallocated: 0n, rejected: 10n },
    );
  });

  it("withdrawals: level 2 in full, level 1 pro rata to the liquidity left, level 0 nothing after a cut", () => {
    const shares = 1_000n * 10n ** 6n; // 1,000 units of USDC at 1e6 shares per unit
    const state = {
      idleLiquidity: 500n,
      interestReserve: 0n,
      tranches: [tranche({ totalAssets: 1_000n, totalShares: shares, capacity: 10_000n })],
    };
    const w = 400n * 10n ** 6n;
    const r = simulateClearing(state, [buckets(undefined, [w, w, w])], 0n);
    const pv = (level: number) =>
      previewFill(r, { trancheId: 0n, kind: "Withdrawal", level, amount: w });
    expect(pv(2)).toMatchObject({ rejected: 0n });
    expect(pv(2).assets).toBe(400n); // 400e6 shares x 1,001 / 1,001e6 (virtual ones included)
    expect(pv(1).accepted).toBeGreaterThan(0n);
    expect(pv(1).rejected).toBeGreaterThan(0n);
    expect(pv(0)).toMatchObject({ accepted: 0n, rejected: w, assets: 0n });
  });

  it("interest of the epoch, less the fee, takes room before deposits (and a pending rate applies)", () => {
    const state = {
      idleLiquidity: 0n,
      interestReserve: 1_000_000n,
      tranches: [
        tranche({
          totalAssets: 1_000_000n,
          totalShares: 10n ** 12n,
          capacity: 1_000_100n,
          epochInterestRate: 0n,
          pendingRate: WAD / 10_000n, // 100 units on 1,000,000
          pendingRateEpoch: 3n,
        }),
      ],
    };
    const before = simulateClearing(state, [buckets([0n, 0n, 100n])], 2n);
    expect(before.interest).toBe(0n);
    expect(before.tranches[0]!.deposit[2].accepted).toBe(100n);
    const at = simulateClearing(state, [buckets([0n, 0n, 100n])], 3n);
    expect(at.fee).toBe(10n);
    expect(at.interest).toBe(90n);
    expect(at.tranches[0]!.deposit[2].accepted).toBe(10n);
  });

  it("a short reserve pays interest pro rata", () => {
    const state = {
      idleLiquidity: 0n,
      interestReserve: 50n,
      tranches: [
        tranche({
          totalAssets: 1_000_000n,
          totalShares: 10n ** 12n,
          epochInterestRate: WAD / 10_000n,
        }),
      ],
    };
    const r = simulateClearing(state, [buckets()], 0n);
    expect(r.interest + r.fee).toBe(50n);
    expect(r.after.interestReserve).toBe(0n);
  });
});
