import { describe, expect, it } from "vitest";
import type { RequestRecord, UserTranchePosition } from "../entities";
import {
  buildPortfolioSummary,
  depositedByTranche,
  interestBetween,
  positionFigures,
} from "./portfolio";

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

describe("depositedByTranche", () => {
  it("adds accepted deposits and gives reallocated USDC to the senior tranche held", () => {
    const deposited = depositedByTranche(
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
    expect(deposited.get("0:0")).toBe(400n * USDC);
    expect(deposited.get("0:1")).toBe(100n * USDC);
  });
});

/** The identity every position keeps (docs/decisions.md, "Issue 23 — figures"). */
function expectIdentity(p: {
  balance: bigint;
  totalInvested: bigint;
  deposited: bigint;
  withdrawn: bigint;
  principalWithdrawn: bigint;
  principalLost: bigint;
  interestWithdrawn: bigint;
  interestEarned: bigint;
  losses: bigint;
}) {
  expect(p.balance).toBe(
    p.deposited - p.principalWithdrawn + p.interestEarned - p.interestWithdrawn - p.losses,
  );
  expect(p.totalInvested).toBe(p.deposited - p.principalWithdrawn - p.principalLost);
  expect(p.principalLost).toBeLessThanOrEqual(p.losses);
  expect(p.withdrawn).toBe(p.principalWithdrawn + p.interestWithdrawn);
  for (const v of [p.totalInvested, p.interestEarned, p.interestWithdrawn, p.losses]) {
    expect(v).toBeGreaterThanOrEqual(0n);
  }
}

describe("positionFigures", () => {
  it("the issue's fixed loan: 2,000 paid out 2,107.75 leaves 750 invested and keeps its interest", () => {
    const f = positionFigures({
      deposited: 2_750n * USDC,
      balance: 786_050_000n,
      withdrawnVariable: 0n,
      fixedTerm: [{ lockedAssets: 2_000n * USDC, paid: 2_107_750_000n }],
      reportedLosses: 0n,
    });
    expect(f).toMatchObject({
      totalInvested: 750n * USDC,
      withdrawn: 2_107_750_000n,
      principalWithdrawn: 2_000n * USDC,
      interestWithdrawn: 107_750_000n,
      interestEarned: 143_800_000n,
      losses: 0n,
    });
    expectIdentity({ ...f, balance: 786_050_000n });
  });

  it("a fully withdrawn tranche keeps the interest it paid", () => {
    const f = positionFigures({
      deposited: 1_000n * USDC,
      balance: 0n,
      withdrawnVariable: 1_050n * USDC,
      fixedTerm: [],
      reportedLosses: 0n,
    });
    expect(f).toMatchObject({ totalInvested: 0n, interestEarned: 50n * USDC, losses: 0n });
    expect(f.interestWithdrawn).toBe(50n * USDC);
    expectIdentity({ ...f, balance: 0n });
  });

  it("a variable withdrawal is principal first", () => {
    const f = positionFigures({
      deposited: 1_000n * USDC,
      balance: 930n * USDC,
      withdrawnVariable: 100n * USDC,
      fixedTerm: [],
      reportedLosses: 0n,
    });
    expect(f).toMatchObject({
      totalInvested: 900n * USDC,
      interestEarned: 30n * USDC,
      interestWithdrawn: 0n,
    });
    expectIdentity({ ...f, balance: 930n * USDC });
  });

  it("a reported loss does not hide the interest earned before it", () => {
    const f = positionFigures({
      deposited: 1_000n * USDC,
      balance: 910n * USDC,
      withdrawnVariable: 0n,
      fixedTerm: [],
      reportedLosses: 100n * USDC,
    });
    // the loss took principal: 900 is still invested
    expect(f).toMatchObject({ totalInvested: 900n * USDC, interestEarned: 10n * USDC });
    expect(f.losses).toBe(100n * USDC);
    expect(f.principalLost).toBe(100n * USDC);
    expectIdentity({ ...f, balance: 910n * USDC });
  });

  it("a shortfall nobody reported (rounding, an indexer that cannot answer) is a loss, never negative interest", () => {
    const f = positionFigures({
      deposited: 200n * USDC,
      balance: 200n * USDC - 1n,
      withdrawnVariable: 0n,
      fixedTerm: [],
      reportedLosses: 0n,
    });
    expect(f).toMatchObject({ interestEarned: 0n, losses: 1n, totalInvested: 200n * USDC });
    expectIdentity({ ...f, balance: 200n * USDC - 1n });
  });

  it("after a loss and a withdrawal of everything, nothing is invested any more", () => {
    const f = positionFigures({
      deposited: 1_000n * USDC,
      balance: 0n,
      withdrawnVariable: 958n * USDC,
      fixedTerm: [],
      reportedLosses: 50n * USDC,
    });
    expect(f).toMatchObject({
      totalInvested: 0n,
      interestEarned: 8n * USDC,
      losses: 50n * USDC,
      principalLost: 42n * USDC,
    });
    expectIdentity({ ...f, balance: 0n });
  });

  it("a fixed loan whose lock lost value pays principal only", () => {
    const f = positionFigures({
      deposited: 500n * USDC,
      balance: 0n,
      withdrawnVariable: 0n,
      fixedTerm: [{ lockedAssets: 500n * USDC, paid: 450n * USDC }],
      reportedLosses: 60n * USDC,
    });
    expect(f).toMatchObject({
      principalWithdrawn: 450n * USDC,
      totalInvested: 0n,
      interestEarned: 10n * USDC,
      interestWithdrawn: 0n,
      principalLost: 50n * USDC,
    });
    expectIdentity({ ...f, balance: 0n });
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

  it("keeps a fully withdrawn tranche and a fixed loan's payout, with their interest", () => {
    const summary = buildPortfolioSummary(
      {
        positions: [
          position({ trancheId: 1n, balance: 786_050_000n, availableToWithdraw: 786_050_000n }),
        ],
        requests: [
          request({ nftId: 1n, accepted: 1_000n * USDC }),
          request({ nftId: 2n, kind: "Withdrawal", unit: "shares", assets: 1_020n * USDC }),
          request({ nftId: 3n, trancheId: 1n, fixedTermConfigId: 1n, accepted: 2_000n * USDC }),
          request({ nftId: 4n, trancheId: 1n, accepted: 750n * USDC }),
        ],
        activeDeposits: 750n * USDC,
        pendingDeposits: 0n,
      },
      pools,
      {
        fixedTermPayouts: [
          {
            lockId: 0n,
            poolId: 0n,
            trancheId: 1n,
            lockedAssets: 2_000n * USDC,
            paid: 2_107_750_000n,
          },
        ],
      },
    );
    const [junior, senior] = summary.pools[0]!.positions;
    expect(junior).toMatchObject({ balance: 0n, totalInvested: 0n, interestEarned: 20n * USDC });
    expect(senior).toMatchObject({
      totalInvested: 750n * USDC,
      balance: 786_050_000n,
      interestEarned: 143_800_000n,
    });
    expect(summary).toMatchObject({
      totalInvested: 750n * USDC,
      interestEarned: 163_800_000n,
      withdrawn: 3_127_750_000n,
      losses: 0n,
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
    expect(summary.losses).toBe(10n * USDC);
  });

  it("is empty for a lender with no position and no request", () => {
    const summary = buildPortfolioSummary(
      { positions: [], requests: [], activeDeposits: 0n, pendingDeposits: 0n },
      pools,
    );
    expect(summary).toMatchObject({ empty: true, pools: [], balance: 0n, totalInvested: 0n });
  });
});

describe("interestBetween (an epoch's interest, e.g. for the epoch mail)", () => {
  // Alpha Pool's Senior: 1,000 USDC variable and a 2,000 USDC fixed-term lock
  const held = [
    request({ nftId: 1n, trancheId: 1n, amount: 1_000n * USDC, accepted: 1_000n * USDC }),
    request({
      nftId: 2n,
      trancheId: 1n,
      fixedTermConfigId: 1n,
      amount: 2_000n * USDC,
      accepted: 2_000n * USDC,
    }),
  ];
  const at = (
    variable: bigint,
    locked: bigint,
    requests = held,
    extra: UserTranchePosition[] = [],
    losses: { poolId: bigint; trancheId: bigint; amount: bigint }[] = [],
  ) =>
    buildPortfolioSummary(
      {
        positions: [
          position({
            trancheId: 1n,
            balance: variable + locked,
            availableToWithdraw: variable,
            lockedInFixedTerm: locked,
          }),
          ...extra,
        ],
        requests,
        activeDeposits: 0n,
        pendingDeposits: 0n,
      },
      pools,
      { losses },
    );

  it("counts the fixed-term lock's interest with the variable shares'", () => {
    const before = at(1_000n * USDC, 2_000n * USDC);
    const after = at(1_001n * USDC, 2_003n * USDC);
    expect(interestBetween(before, after, 0n)).toBe(4n * USDC);
  });

  it("does not count a deposit accepted or a withdrawal paid in between as interest", () => {
    const before = at(1_000n * USDC, 2_000n * USDC);
    const after = at(1_251n * USDC, 2_003n * USDC, [
      ...held,
      request({ nftId: 3n, trancheId: 1n, amount: 500n * USDC, accepted: 500n * USDC }),
      request({ nftId: 4n, trancheId: 1n, kind: "Withdrawal", assets: 250n * USDC }),
    ]);
    expect(interestBetween(before, after, 0n)).toBe(4n * USDC);
  });

  it("counts interest earned while an older loss exceeds all interest (no clamp at 0 hides it)", () => {
    const lost = [{ poolId: 0n, trancheId: 1n, amount: 600n * USDC }];
    // 3,000 in, 2,400 left after the loss: interestEarned is 0 at both readings without the losses
    const before = at(800n * USDC, 1_600n * USDC);
    const after = at(801n * USDC, 1_602n * USDC);
    expect(after.pools[0]!.interestEarned).toBe(0n);
    expect(interestBetween(before, after, 0n)).toBe(3n * USDC);
    // and the same with the losses given to both readings
    const b = at(800n * USDC, 1_600n * USDC, held, [], lost);
    const a = at(801n * USDC, 1_602n * USDC, held, [], lost);
    expect(interestBetween(b, a, 0n)).toBe(3n * USDC);
  });

  it("counts only the given pool, and never less than 0", () => {
    const beta = (balance: bigint) => [
      position({ poolId: 1n, balance, availableToWithdraw: balance }),
    ];
    const betaDeposit = request({
      nftId: 9n,
      poolId: 1n,
      amount: 100n * USDC,
      accepted: 100n * USDC,
    });
    const before = at(1_000n * USDC, 2_000n * USDC, [...held, betaDeposit], beta(100n * USDC));
    const after = at(1_000n * USDC, 2_000n * USDC, [...held, betaDeposit], beta(105n * USDC));
    expect(interestBetween(before, after, 0n)).toBe(0n);
    expect(interestBetween(before, after, 1n)).toBe(5n * USDC);
    expect(interestBetween(after, before, 1n)).toBe(0n);
  });
});
