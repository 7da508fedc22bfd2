import { describe, expect, it } from "vitest";
import type { RequestRecord, UserTranchePosition } from "../entities";
import { buildPortfolioSummary, principalByTranche } from "./portfolio";

const USDC = 1_000_000n;

function request(over: Partial<RequestRecord>): RequestRecord {
  return {
    nftId: 1n,
    owner: "0x0000000000000000000000000000000000000001",
    poolId: 0n,
    trancheId: 0n,
    epoch: 1n,
    kind: "Deposit",
    level: 0,
    fixedTermConfigId: 0n,
    amount: 0n,
    unit: "usdc",
    status: "Settled",
    requestStatus: "Processed",
    accepted: 0n,
    reallocated: 0n,
    rejected: 0n,
    shares: 0n,
    assets: 0n,
    canCancel: false,
    canClaim: false,
    ...over,
  };
}

function position(over: Partial<UserTranchePosition>): UserTranchePosition {
  return {
    poolId: 0n,
    trancheId: 0n,
    shares: 0n,
    balance: 0n,
    availableToWithdraw: 0n,
    lockedInFixedTerm: 0n,
    ...over,
  };
}

const pools = [
  {
    id: 0n,
    poolName: "Alpha Pool",
    tranches: [
      { id: 0n, name: "Junior", apy: 0.15, fixedTermConfig: [] },
      { id: 1n, name: "Senior", apy: 0.08, fixedTermConfig: [{ configId: 1n, apy: 0.1 }] },
    ],
  },
  {
    id: 1n,
    poolName: "Beta Pool",
    tranches: [{ id: 0n, name: "Main", apy: 0.1, fixedTermConfig: [] }],
  },
];

describe("principalByTranche", () => {
  it("adds accepted deposits, gives reallocated USDC to the senior tranche held, subtracts payouts", () => {
    const principal = principalByTranche(
      [
        request({
          nftId: 1n,
          amount: 500n * USDC,
          accepted: 400n * USDC,
          reallocated: 100n * USDC,
        }),
        request({ nftId: 2n, kind: "Withdrawal", unit: "shares", assets: 50n * USDC }),
        request({ nftId: 3n, amount: 70n * USDC, status: "Pending", accepted: 0n }),
      ],
      [position({ trancheId: 0n, balance: 1n }), position({ trancheId: 1n, balance: 1n })],
    );
    expect(principal.get("0:0")).toBe(350n * USDC);
    expect(principal.get("0:1")).toBe(100n * USDC);
  });

  it("never goes below zero when a withdrawal pays out interest too", () => {
    const principal = principalByTranche(
      [
        request({ nftId: 1n, accepted: 100n * USDC }),
        request({ nftId: 2n, kind: "Withdrawal", unit: "shares", assets: 103n * USDC }),
      ],
      [],
    );
    expect(principal.get("0:0")).toBe(0n);
  });
});

describe("buildPortfolioSummary", () => {
  it("per tranche and in total: invested, balance, available, pending, APY and interest", () => {
    const summary = buildPortfolioSummary(
      {
        positions: [
          position({
            trancheId: 0n,
            balance: 1_012_500_000n,
            availableToWithdraw: 812_500_000n,
            lockedInFixedTerm: 0n,
          }),
          position({
            trancheId: 1n,
            balance: 300n * USDC,
            availableToWithdraw: 0n,
            lockedInFixedTerm: 300n * USDC,
          }),
        ],
        requests: [
          request({ nftId: 1n, accepted: 1_000n * USDC, amount: 1_000n * USDC }),
          request({ nftId: 2n, trancheId: 1n, fixedTermConfigId: 1n, accepted: 300n * USDC }),
          request({ nftId: 3n, kind: "Withdrawal", status: "Pending", amount: 1n, unit: "shares" }),
          request({ nftId: 4n, poolId: 1n, status: "Pending", amount: 25n * USDC }),
        ],
        activeDeposits: 1_312_500_000n,
        pendingDeposits: 25n * USDC,
      },
      pools,
    );
    expect(summary.empty).toBe(false);
    expect(summary.pools.map((p) => p.poolName)).toEqual(["Alpha Pool", "Beta Pool"]);
    const [junior, senior] = summary.pools[0]!.positions;
    expect(junior).toMatchObject({
      trancheName: "Junior",
      multiTranche: true,
      totalInvested: 1_000n * USDC,
      balance: 1_012_500_000n,
      availableToWithdraw: 812_500_000n,
      pendingWithdrawals: 200n * USDC,
      interestEarned: 12_500_000n,
      variableApy: 0.15,
      fixedApys: [],
    });
    expect(senior).toMatchObject({ interestEarned: 0n, fixedApys: [0.1], pendingWithdrawals: 0n });
    // a tranche with only a pending deposit shows, with nothing invested yet
    expect(summary.pools[1]!.positions[0]).toMatchObject({
      trancheName: "Main",
      multiTranche: false,
      pendingDeposits: 25n * USDC,
      balance: 0n,
      totalInvested: 0n,
      interestEarned: 0n,
    });
    expect(summary).toMatchObject({
      totalInvested: 1_300n * USDC,
      balance: 1_312_500_000n,
      availableToWithdraw: 812_500_000n,
      interestEarned: 12_500_000n,
      pendingDeposits: 25n * USDC,
      pendingWithdrawals: 200n * USDC,
      activeDeposits: 1_312_500_000n,
    });
  });

  it("interest earned is never negative (balance below principal after a loss)", () => {
    const summary = buildPortfolioSummary(
      {
        positions: [position({ balance: 90n * USDC, availableToWithdraw: 90n * USDC })],
        requests: [request({ accepted: 100n * USDC })],
        activeDeposits: 90n * USDC,
        pendingDeposits: 0n,
      },
      pools,
    );
    expect(summary.pools[0]!.positions[0]!.interestEarned).toBe(0n);
    expect(summary.interestEarned).toBe(0n);
  });

  it("is empty for a lender with no position and no request", () => {
    const summary = buildPortfolioSummary(
      { positions: [], requests: [], activeDeposits: 0n, pendingDeposits: 0n },
      pools,
    );
    expect(summary).toMatchObject({ empty: true, pools: [], balance: 0n, totalInvested: 0n });
  });
});
