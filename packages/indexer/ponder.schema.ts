/**
 * Indexed tables, designed for the reads of src/api: a lender's requests page by page (request by
 * owner, newest first), their events, per-epoch deposit records, clearing rows, locks.
 * Amounts are bigint smallest units (USDC 6 decimals, tranche shares 12, KSU 18).
 */
import { index, onchainTable, primaryKey } from "ponder";

/** A pool, from PoolCreated; `lastClearedEpoch` follows EpochCleared (null before the first). */
export const pool = onchainTable("pool", (t) => ({
  poolId: t.bigint().primaryKey(),
  name: t.text().notNull(),
  subheading: t.text().notNull(),
  requestEpochsInAdvance: t.bigint().notNull(),
  lastClearedEpoch: t.bigint(),
}));

/** A tranche, from TrancheCreated; the rate follows TrancheRateApplied. */
export const tranche = onchainTable(
  "tranche",
  (t) => ({
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    name: t.text().notNull(),
    epochInterestRate: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.poolId, table.trancheId] }) }),
);

/** A fixed-term config, from FixedTermConfigAdded. */
export const fixedTermConfig = onchainTable(
  "fixed_term_config",
  (t) => ({
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    configId: t.bigint().notNull(),
    epochInterestRate: t.bigint().notNull(),
    epochLockDuration: t.bigint().notNull(),
    status: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.poolId, table.trancheId, table.configId] }) }),
);

/** One request NFT: a deposit or withdrawal request, with its outcome so far. */
export const request = onchainTable(
  "request",
  (t) => ({
    nftId: t.bigint().primaryKey(),
    owner: t.hex().notNull(),
    kind: t.text().$type<"Deposit" | "Withdrawal">().notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    epoch: t.bigint().notNull(),
    level: t.integer().notNull(),
    fixedTermConfigId: t.bigint().notNull(),
    /** The rate at request time (the fixed-term rate for fixed deposits), 18 decimals per epoch. */
    epochInterestRate: t.bigint().notNull(),
    fixedTermEpochs: t.bigint(),
    /** Requested: USDC (deposits) or shares (withdrawals), after increases. */
    amount: t.bigint().notNull(),
    /**
     * What was requested, in USDC at request time: deposits their amount; withdrawals the sum of
     * each request's (and increase's) shares valued with `convertToAssets` at its own block.
     */
    requestedValue: t.bigint().notNull(),
    /** "Pending" | "Cancelled" | "Settled" (stored state; "cleared" follows from the pool). */
    state: t.text().$type<"Pending" | "Cancelled" | "Settled">().notNull(),
    accepted: t.bigint().notNull(),
    acceptedShares: t.bigint().notNull(),
    reallocated: t.bigint().notNull(),
    rejected: t.bigint().notNull(),
    cancelled: t.bigint().notNull(),
    /** A withdrawal queued by the pool manager on the lender's behalf (`WithdrawalForced`). */
    forced: t.boolean().notNull(),
    requestTimestamp: t.bigint().notNull(),
    requestBlock: t.bigint().notNull(),
    lastEventTimestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({
    ownerIdx: index().on(table.owner, table.requestTimestamp, table.nftId),
    poolEpochIdx: index().on(table.poolId, table.epoch),
  }),
);

/** One event of a request (Request, Increase, Forced, Accepted, Rejected, Reallocated, Cancelled). */
export const requestEvent = onchainTable(
  "request_event",
  (t) => ({
    id: t.text().primaryKey(),
    nftId: t.bigint().notNull(),
    type: t.text().notNull(),
    epoch: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    shares: t.bigint(),
    /** Withdrawal Request/Increase/Forced: the shares' USDC value at the event's block. */
    value: t.bigint(),
    toTrancheId: t.bigint(),
    remainingQueued: t.bigint(),
    timestamp: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ nftIdx: index().on(table.nftId, table.blockNumber, table.logIndex) }),
);

/** A deposit request's clearing outcome in its epoch (spec "Deposit record"), from settlement. */
export const depositRecord = onchainTable(
  "deposit_record",
  (t) => ({
    /** `${nftId}-${trancheId}`: the request's own tranche, plus one row per tranche it moved to. */
    id: t.text().primaryKey(),
    nftId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    epoch: t.bigint().notNull(),
    requestTimestamp: t.bigint().notNull(),
    acceptedAmount: t.bigint().notNull(),
    rejectedAmount: t.bigint().notNull(),
    reallocatedOutAmount: t.bigint().notNull(),
    reallocatedInAmount: t.bigint().notNull(),
    epochInterestRate: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({ ownerIdx: index().on(table.owner, table.requestTimestamp, table.nftId) }),
);

/** A pool's epoch clearing (EpochCleared). */
export const epochClearing = onchainTable(
  "epoch_clearing",
  (t) => ({
    poolId: t.bigint().notNull(),
    epoch: t.bigint().notNull(),
    interest: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    withdrawalsPaid: t.bigint().notNull(),
    depositsAccepted: t.bigint().notNull(),
    shortfallDue: t.bigint(),
    shortfallPaid: t.bigint(),
    /** USDC lent to borrowers after the clearing (getPoolState at the clearing block). */
    drawnPrincipal: t.bigint(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.poolId, table.epoch] }) }),
);

/** A tranche's clearing result in an epoch: its prices and rate (read at the clearing block). */
export const trancheClearing = onchainTable(
  "tranche_clearing",
  (t) => ({
    poolId: t.bigint().notNull(),
    epoch: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    sharesPerAsset: t.bigint().notNull(),
    assetsPerShare: t.bigint().notNull(),
    epochInterestRate: t.bigint().notNull(),
    /** The tranche's value (variable + fixed-term) and capacity after the clearing, USDC. */
    totalAssets: t.bigint(),
    capacity: t.bigint(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.poolId, table.epoch, table.trancheId] }) }),
);

/** A fixed-term lock (FixedTermLocked, FixedTermWithdrawalRequested, FixedTermReleased). */
export const fixedTermLock = onchainTable(
  "fixed_term_lock",
  (t) => ({
    lockId: t.bigint().primaryKey(),
    owner: t.hex().notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    configId: t.bigint().notNull(),
    assets: t.bigint().notNull(),
    shares: t.bigint().notNull(),
    endEpoch: t.bigint().notNull(),
    withdrawAtExpiry: t.boolean().notNull(),
    released: t.boolean().notNull(),
    releasedAssets: t.bigint(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ ownerIdx: index().on(table.owner) }),
);

/**
 * One money event of a fixed-term lock, as its own history row: `Locked` (a fixed-term deposit
 * started, or Fix APY on free shares), `WithdrawAtExpiryRequested`, `Converted` (released at
 * maturity into the variable balance) and `PaidAtExpiry` (released with its withdrawal paid).
 * `assets` is USDC: the lock's value (Locked), its value at the request's block
 * (WithdrawAtExpiryRequested), the converted shares' value at release (Converted), the USDC paid
 * (PaidAtExpiry; `returnedValue` is what came back as variable when not all was accepted).
 */
export const fixedTermEvent = onchainTable(
  "fixed_term_event",
  (t) => ({
    id: t.text().primaryKey(),
    lockId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    type: t
      .text()
      .$type<
        "FixApy" | "FixedDeposit" | "WithdrawAtExpiryRequested" | "Converted" | "PaidAtExpiry"
      >()
      .notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    configId: t.bigint().notNull(),
    epochInterestRate: t.bigint().notNull(),
    assets: t.bigint().notNull(),
    shares: t.bigint().notNull(),
    returnedValue: t.bigint(),
    endEpoch: t.bigint().notNull(),
    /** When the lock's funds are released (`fixedTermReleaseTime`), unix seconds. */
    releaseTime: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ ownerIdx: index().on(table.owner, table.blockNumber) }),
);

/** A KSU lock (Locked, Unlocked). */
export const ksuLock = onchainTable(
  "ksu_lock",
  (t) => ({
    user: t.hex().notNull(),
    lockId: t.bigint().notNull(),
    lockPeriodId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    rKsu: t.bigint().notNull(),
    unlockTime: t.bigint().notNull(),
    launchBonus: t.bigint().notNull(),
    unlockedAmount: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.user, table.lockId] }) }),
);

/**
 * Every protocol event, as decoded (bigints as decimal strings): interest applied, fees, bonus and
 * fee claims, deferred payouts, admin changes... `user` is the event's user/owner when it has one.
 */
export const protocolEvent = onchainTable(
  "protocol_event",
  (t) => ({
    id: t.text().primaryKey(),
    contract: t.text().notNull(),
    name: t.text().notNull(),
    user: t.hex(),
    poolId: t.bigint(),
    args: t.json().$type<Record<string, unknown>>().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber),
    nameIdx: index().on(table.name),
  }),
);

/**
 * An incident period of a pool (IncidentSet open, then closed): while open only the pool manager
 * clears the pool. `closedAt` is null while it is open. Keyed by the opening event.
 */
export const incident = onchainTable(
  "incident",
  (t) => ({
    id: t.text().primaryKey(),
    poolId: t.bigint().notNull(),
    openedAt: t.bigint().notNull(),
    openTransactionHash: t.hex().notNull(),
    closedAt: t.bigint(),
    closeTransactionHash: t.hex(),
  }),
  (table) => ({ poolIdx: index().on(table.poolId, table.openedAt) }),
);

/** A loss the pool manager reported (LossReported), with the block it landed in. */
export const loss = onchainTable(
  "loss",
  (t) => ({
    id: t.text().primaryKey(),
    poolId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({ poolIdx: index().on(table.poolId, table.blockNumber) }),
);

/**
 * What a loss took from one tranche: its value (variable `totalAssets` + `fixedTermAssets`, read
 * with getTrancheState) at the block before the report and at the report's block.
 */
export const trancheLoss = onchainTable(
  "tranche_loss",
  (t) => ({
    /** `${lossId}-${trancheId}` */
    id: t.text().primaryKey(),
    lossId: t.text().notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    valueBefore: t.bigint().notNull(),
    valueAfter: t.bigint().notNull(),
  }),
  (table) => ({ lossIdx: index().on(table.lossId) }),
);

/**
 * What a loss took from one lender's position in one tranche (getUserPosition at the block before
 * and at the report's block): variable shares' value and fixed-term value, before and after.
 */
export const lenderLoss = onchainTable(
  "lender_loss",
  (t) => ({
    /** `${lossId}-${owner}-${trancheId}` */
    id: t.text().primaryKey(),
    lossId: t.text().notNull(),
    owner: t.hex().notNull(),
    poolId: t.bigint().notNull(),
    trancheId: t.bigint().notNull(),
    /** Free shares (variable ledger) at the block before; the loss does not change them. */
    shares: t.bigint().notNull(),
    variableBefore: t.bigint().notNull(),
    variableAfter: t.bigint().notNull(),
    fixedBefore: t.bigint().notNull(),
    fixedAfter: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
  }),
  (table) => ({
    ownerIdx: index().on(table.owner, table.blockNumber),
    lossIdx: index().on(table.lossId),
  }),
);
