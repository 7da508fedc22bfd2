/**
 * Issue 28 item 5: the fill preview. The contract's clearing (`LendingPoolManager.clear`,
 * docs/protocol.md "Clearing") written once in TypeScript, on bigints, step for step and with the
 * same rounding, so a pending request can show what it would get "if the epoch closed now".
 *
 * 1. Interest of the epoch (variable ledgers and fixed-term ledgers, pro rata if the reserve is
 *    short, less the 10% fee) raises the tranches' assets and the idle liquidity.
 * 2. Withdrawals: level 2, 1, 0; Senior first within a level; each bucket pro rata up to the idle
 *    liquidity, priced on the ledger before any withdrawal; once a bucket is cut short, the
 *    buckets after it accept nothing.
 * 3. Deposits: level 2, 1, 0; Senior first within a level; up to each tranche's room (capacity
 *    less assets, 0 when closed); the overflow goes to the next more senior tranche with room.
 * 4. A request gets its bucket's fractions pro rata (rounded down).
 *
 * Not modelled: fixed-term locks maturing at the epoch (they move assets from a tranche's
 * fixed-term ledger to its variable ledger: the room is the same, the withdrawal price may differ
 * by rounding) and requests or rate changes made before the clearing runs.
 */

const WAD = 10n ** 18n;
/** `LendingPoolBase.PERFORMANCE_FEE`: 10% of the interest, 18 decimals. */
const PERFORMANCE_FEE = 10n ** 17n;
/** `LendingPoolBase.VIRTUAL_SHARES` and `VIRTUAL_ASSETS` (share price offset). */
const VIRTUAL_SHARES = 10n ** 6n;
const VIRTUAL_ASSETS = 1n;
/** Loyalty levels in clearing order (highest first). */
const LEVELS = [2, 1, 0] as const;

export type ClearingKind = "Deposit" | "Withdrawal";

/** One request bucket: its total (USDC for deposits, shares for withdrawals). */
export type ClearingBucketTotals = {
  /** `[level 0, level 1, level 2]` */
  deposit: readonly [bigint, bigint, bigint];
  withdrawal: readonly [bigint, bigint, bigint];
};

/** A tranche as the clearing reads it (`getTrancheState` + `getPools`). */
export type ClearingTrancheState = {
  /** Variable ledger. */
  totalAssets: bigint;
  totalShares: bigint;
  /** Sum of the fixed-term ledgers' assets. */
  fixedTermAssets: bigint;
  capacity: bigint;
  /** Closed to deposits after a wipe: its room is 0. */
  closed: boolean;
  /** Variable rate per epoch (18 decimals) and a pending change from `pendingRateEpoch`. */
  epochInterestRate: bigint;
  pendingRate: bigint;
  pendingRateEpoch: bigint;
  /** The fixed-term ledgers earning interest: assets and their fixed rate per epoch. */
  fixedTermLedgers: readonly { assets: bigint; epochInterestRate: bigint }[];
};

/** A pool as the clearing reads it, before clearing `epoch`. */
export type ClearingPoolState = {
  idleLiquidity: bigint;
  interestReserve: bigint;
  /** Most junior first. */
  tranches: readonly ClearingTrancheState[];
};

/** A bucket's result: USDC (deposits) or shares (withdrawals). */
export type ClearedBucket = {
  total: bigint;
  accepted: bigint;
  /** Deposits moved to tranche + 1 and tranche + 2. */
  reallocated1: bigint;
  reallocated2: bigint;
};

export type ClearedTranche = {
  /** Per level (index = level). */
  deposit: [ClearedBucket, ClearedBucket, ClearedBucket];
  withdrawal: [ClearedBucket, ClearedBucket, ClearedBucket];
  /** Ledger totals (virtual ones included) withdrawals are paid against. */
  withdrawalShares: bigint;
  withdrawalAssets: bigint;
  /** Ledger totals (virtual ones included) deposits are priced at. */
  depositShares: bigint;
  depositAssets: bigint;
};

export type ClearingResult = {
  tranches: ClearedTranche[];
  /** The pool after the clearing (to preview a later epoch). */
  after: ClearingPoolState;
  /** Interest applied (net of the fee) and the fee. */
  interest: bigint;
  fee: bigint;
};

const mulDiv = (a: bigint, b: bigint, c: bigint) => (a * b) / c;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

const emptyBucket = (total: bigint): ClearedBucket => ({
  total,
  accepted: 0n,
  reallocated1: 0n,
  reallocated2: 0n,
});

/**
 * Clears `epoch` of a pool as `LendingPoolManager.clear` would, from the pool's state and the
 * epoch's bucket totals (one per tranche, most junior first).
 *
 * @example
 * const r = simulateClearing(state, buckets, epoch);
 * r.tranches[0].deposit[2].accepted; // USDC the level-2 deposits of the Junior tranche get
 */
export function simulateClearing(
  pool: ClearingPoolState,
  buckets: readonly ClearingBucketTotals[],
  epoch: bigint,
): ClearingResult {
  const n = pool.tranches.length;
  // Pending rate changes take effect if the epoch has reached them.
  const t = pool.tranches.map((x) => {
    const applies = x.pendingRateEpoch !== 0n && epoch >= x.pendingRateEpoch;
    return {
      ...x,
      epochInterestRate: applies ? x.pendingRate : x.epochInterestRate,
      pendingRate: applies ? 0n : x.pendingRate,
      pendingRateEpoch: applies ? 0n : x.pendingRateEpoch,
      fixedTermLedgers: x.fixedTermLedgers.map((l) => ({ ...l })),
    };
  });
  let idle = pool.idleLiquidity;
  let reserve = pool.interestReserve;

  // 1. Interest
  let due = 0n;
  for (const x of t) {
    due += mulDiv(x.totalAssets, x.epochInterestRate, WAD);
    for (const l of x.fixedTermLedgers) due += mulDiv(l.assets, l.epochInterestRate, WAD);
  }
  let net = 0n;
  let fee = 0n;
  if (due !== 0n) {
    const available = min(due, reserve);
    let paid = 0n;
    for (const x of t) {
      let part = mulDiv(mulDiv(x.totalAssets, x.epochInterestRate, WAD), available, due);
      let partFee = mulDiv(part, PERFORMANCE_FEE, WAD);
      x.totalAssets += part - partFee;
      paid += part;
      fee += partFee;
      for (const l of x.fixedTermLedgers) {
        part = mulDiv(mulDiv(l.assets, l.epochInterestRate, WAD), available, due);
        partFee = mulDiv(part, PERFORMANCE_FEE, WAD);
        l.assets += part - partFee;
        x.fixedTermAssets += part - partFee;
        paid += part;
        fee += partFee;
      }
    }
    reserve -= paid;
    net = paid - fee;
    idle += net;
  }

  const out: ClearedTranche[] = t.map((x, i) => ({
    deposit: [0, 1, 2].map((l) => emptyBucket(buckets[i]?.deposit[l] ?? 0n)) as [
      ClearedBucket,
      ClearedBucket,
      ClearedBucket,
    ],
    withdrawal: [0, 1, 2].map((l) => emptyBucket(buckets[i]?.withdrawal[l] ?? 0n)) as [
      ClearedBucket,
      ClearedBucket,
      ClearedBucket,
    ],
    withdrawalShares: x.totalShares + VIRTUAL_SHARES,
    withdrawalAssets: x.totalAssets + VIRTUAL_ASSETS,
    depositShares: 0n,
    depositAssets: 0n,
  }));

  // 2. Withdrawals
  let exhausted = false;
  for (const level of LEVELS) {
    for (let i = n - 1; i >= 0; i--) {
      const b = out[i]!.withdrawal[level];
      if (b.total === 0n || exhausted) continue;
      const { withdrawalAssets: la, withdrawalShares: ls } = out[i]!;
      let shares = b.total;
      let assets = mulDiv(shares, la, ls);
      if (assets > idle) {
        shares = mulDiv(b.total, idle, assets);
        assets = mulDiv(shares, la, ls);
        exhausted = true;
      }
      if (shares === 0n) continue;
      t[i]!.totalShares -= shares;
      t[i]!.totalAssets -= assets;
      idle -= assets;
      b.accepted = shares;
    }
  }

  // 3. Deposits
  const room = t.map((x) => {
    const used = x.totalAssets + x.fixedTermAssets;
    return x.capacity > used && !x.closed ? x.capacity - used : 0n;
  });
  const minted = t.map(() => 0n);
  const added = t.map(() => 0n);
  t.forEach((x, i) => {
    out[i]!.depositShares = x.totalShares + VIRTUAL_SHARES;
    out[i]!.depositAssets = x.totalAssets + VIRTUAL_ASSETS;
  });
  for (const level of LEVELS) {
    for (let i = n - 1; i >= 0; i--) {
      const b = out[i]!.deposit[level];
      if (b.total === 0n) continue;
      let rest = b.total;
      for (let d = i; d < n && rest !== 0n; d++) {
        const take = min(rest, room[d]!);
        if (take === 0n) continue;
        room[d]! -= take;
        rest -= take;
        added[d]! += take;
        minted[d]! += mulDiv(take, out[d]!.depositShares, out[d]!.depositAssets);
        if (d === i) b.accepted = take;
        else if (d === i + 1) b.reallocated1 = take;
        else b.reallocated2 = take;
      }
      idle += b.total - rest;
    }
  }
  t.forEach((x, i) => {
    x.totalShares += minted[i]!;
    x.totalAssets += added[i]!;
  });

  return {
    tranches: out,
    after: { idleLiquidity: idle, interestReserve: reserve, tranches: t },
    interest: net,
    fee,
  };
}

/** A pending request to preview. */
export type PreviewedRequest = {
  trancheId: bigint;
  kind: ClearingKind;
  /** The level its bucket is at (the request's recorded level). */
  level: number;
  /** USDC (deposits) or shares (withdrawals). */
  amount: bigint;
};

/**
 * What a request would get "if the epoch closed now": deposits in USDC (accepted into its
 * tranche, reallocated to more senior ones, refunded) and the shares they buy; withdrawals in
 * shares (accepted, returned) and the USDC paid for them.
 */
export type FillPreview = {
  kind: ClearingKind;
  amount: bigint;
  accepted: bigint;
  reallocated: bigint;
  rejected: bigint;
  /** Deposits: shares credited over all tranches. */
  shares: bigint;
  /** Withdrawals: USDC paid for the accepted shares. */
  assets: bigint;
  /** USDC the request would move: deposits accepted + reallocated; withdrawals `assets`. */
  filledUsdc: bigint;
  /** What would not be filled, in USDC (withdrawals: the returned shares at the epoch's price). */
  rejectedUsdc: bigint;
};

/**
 * A request's parts of its cleared bucket, as `LendingPoolBase._parts` computes them (each rounded
 * down): the same figures `requestStatus` returns once the epoch is cleared.
 *
 * @example previewFill(simulateClearing(state, buckets, epoch), { trancheId: 0n, kind: "Deposit", level: 2, amount })
 */
export function previewFill(result: ClearingResult, request: PreviewedRequest): FillPreview {
  const i = Number(request.trancheId);
  const tranche = result.tranches[i];
  const { amount, kind } = request;
  const none: FillPreview = {
    kind,
    amount,
    accepted: 0n,
    reallocated: 0n,
    rejected: amount,
    shares: 0n,
    assets: 0n,
    filledUsdc: 0n,
    rejectedUsdc: kind === "Deposit" ? amount : 0n,
  };
  if (!tranche || amount === 0n) return none;
  const level = Math.min(Math.max(request.level, 0), 2);
  const b = kind === "Deposit" ? tranche.deposit[level]! : tranche.withdrawal[level]!;
  if (b.total === 0n) return none;
  const accepted = (amount * b.accepted) / b.total;
  if (kind === "Withdrawal") {
    const assets = mulDiv(accepted, tranche.withdrawalAssets, tranche.withdrawalShares);
    const rejected = (amount * (b.total - b.accepted)) / b.total;
    return {
      ...none,
      accepted,
      rejected,
      assets,
      filledUsdc: assets,
      rejectedUsdc: mulDiv(rejected, tranche.withdrawalAssets, tranche.withdrawalShares),
    };
  }
  let shares =
    accepted === 0n ? 0n : mulDiv(accepted, tranche.depositShares, tranche.depositAssets);
  let reallocated = 0n;
  if (b.accepted !== b.total) {
    const moved = [b.reallocated1, b.reallocated2];
    moved.forEach((m, k) => {
      if (m === 0n) return;
      const part = (amount * m) / b.total;
      const dest = result.tranches[i + k + 1]!;
      reallocated += part;
      shares += mulDiv(part, dest.depositShares, dest.depositAssets);
    });
  }
  const rejected =
    b.accepted === b.total
      ? 0n
      : (amount * (b.total - b.accepted - b.reallocated1 - b.reallocated2)) / b.total;
  return {
    ...none,
    accepted,
    reallocated,
    rejected,
    shares,
    filledUsdc: accepted + reallocated,
    rejectedUsdc: rejected,
  };
}
