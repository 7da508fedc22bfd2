/**
 * Entities of spec section 3 as the SDK returns them from the chain. Pool, Tranche and
 * FixedTermConfig live in `reads/pools.ts`. Amounts are bigints in the token's smallest unit
 * (USDC 6 decimals, KSU and rKSU 18, tranche shares 12); times are unix seconds.
 */
import type { Address } from "viem";
import type { LoyaltyLevel } from "../domain/loyalty";
import type { RequestStatus, RequestType } from "../domain/requests";
import type { FixedTermConfig } from "../reads/pools";

/** The contract's request status, by name (`Cleared` is a view state: epoch cleared, unclaimed). */
export type ChainRequestStatus = "None" | "Pending" | "Cleared" | "Cancelled" | "Settled";

/** The contract's enum values, in order. */
export const CHAIN_REQUEST_STATUSES = [
  "None",
  "Pending",
  "Cleared",
  "Cancelled",
  "Settled",
] as const satisfies readonly ChainRequestStatus[];

/** The contract's request kinds, in order. */
export const REQUEST_KINDS = ["Deposit", "Withdrawal"] as const satisfies readonly RequestType[];

/**
 * A deposit or withdrawal request as the manager computes it (`requestStatus` / one entry of
 * `getUserPosition`), with its settlement amounts.
 */
export type RequestRecord = {
  nftId: bigint;
  owner: Address;
  poolId: bigint;
  trancheId: bigint;
  /** The epoch whose clearing processes the request. */
  epoch: bigint;
  kind: RequestType;
  /** Priority level recorded at request time (or by `rerate`). */
  level: LoyaltyLevel;
  /** 0 for a variable deposit. */
  fixedTermConfigId: bigint;
  /** Deposits: USDC units. Withdrawals: tranche shares. */
  amount: bigint;
  /** Unit of `amount`, `accepted` and `rejected`. */
  unit: "usdc" | "shares";
  status: ChainRequestStatus;
  /** The spec's label: Pending is Requested, Cleared and Settled are Processed. */
  requestStatus: RequestStatus;
  /** Deposits: USDC accepted into the tranche. Withdrawals: shares accepted. */
  accepted: bigint;
  /** Deposits: USDC moved to more senior tranches. Withdrawals: 0. */
  reallocated: bigint;
  /** Deposits: USDC refunded. Withdrawals: shares returned. */
  rejected: bigint;
  /** Deposits: shares credited over all tranches. */
  shares: bigint;
  /** Withdrawals: USDC paid. */
  assets: bigint;
  /** The owner may cancel: pending and its epoch not cleared. */
  canCancel: boolean;
  /** Cleared and not yet settled: `claim(nftId)` (anyone) delivers it. */
  canClaim: boolean;
};

/** Spec "Transaction/request": a request with its pool, tranche name, APY and fixed term. */
export type UserRequest = RequestRecord & {
  lendingPool: { id: bigint; name: string; tranches: { id: bigint; name: string }[] };
  trancheName: string;
  /** The fixed-term config's APY for fixed deposits, else the tranche's variable APY. */
  apy: number;
  fixedTermConfig: FixedTermConfig | null;
};

/** A user's position in one tranche (spec Tranche.balanceData plus shares). */
export type UserTranchePosition = {
  poolId: bigint;
  trancheId: bigint;
  /** Free shares, including accepted but unclaimed ones. */
  shares: bigint;
  /** USDC value of all shares (free, queued for withdrawal, fixed-term locked). */
  balance: bigint;
  /** USDC value of the free shares. */
  availableToWithdraw: bigint;
  /** USDC value of the fixed-term locks, including accepted fixed-term deposits not yet settled. */
  lockedInFixedTerm: bigint;
};

/** A user's whole lending position, from one `getUserPosition` call. */
export type UserPosition = {
  positions: UserTranchePosition[];
  requests: RequestRecord[];
  /** USDC accepted into tranches (principal, as the contract tracks it). */
  activeDeposits: bigint;
  /** USDC in pending deposit requests. */
  pendingDeposits: bigint;
};

/** Spec "Deposit record": a deposit request's clearing result. */
export type DepositRecord = {
  id: bigint;
  epochId: bigint;
  /** Unix seconds of the request transaction; null when read from state (events carry it). */
  requestTimestamp: number | null;
  reallocatedOutAmount: bigint;
  rejectedAmount: bigint;
  acceptedAmount: bigint;
  /** USDC that other tranches' requests moved into this one (0 from a single request's view). */
  reallocatedInAmount: bigint;
  /** Null when read from state (events carry it). */
  transactionHash: `0x${string}` | null;
  trancheName: string;
  apy: number;
  lendingPool: { name: string };
};

/** Spec "Fixed loan": a fixed-term lock, with its times derived from the epoch clock. */
export type FixedLoan = {
  lockId: bigint;
  poolId: bigint;
  trancheId: bigint;
  configId: bigint;
  /** Start of the first epoch paying the fixed rate, unix seconds. */
  startTime: number;
  /** When its funds are really released ("fixed until", `fixedTermReleaseTime`), unix seconds. */
  endTime: number;
  /** Current USDC value. */
  amount: bigint;
  shares: bigint;
  endEpoch: bigint;
  withdrawAtExpiry: boolean;
  matured: boolean;
  released: boolean;
};

/** Spec "Lock period": a KSU lock period. */
export type LockPeriod = {
  id: bigint;
  /** Lock length in seconds, as a decimal string (the spec's shape). */
  lockPeriod: string;
  /** rKSU per locked KSU, e.g. 0.05. */
  rKSUMultiplier: number;
  /** Launch bonus KSU per locked KSU, e.g. 0.1. */
  ksuBonusMultiplier: number;
  /** The same multipliers as 18-decimal fixed point, for exact math. */
  rKSUMultiplierWad: bigint;
  ksuBonusMultiplierWad: bigint;
};

/** Spec "User lock": one of the user's KSU locks. */
export type UserLock = {
  id: bigint;
  lockPeriodId: bigint;
  /** KSU still locked (18 decimals). */
  lockedAmount: bigint;
  rKSUAmount: bigint;
  startTime: number;
  unlockTime: number;
  /** USDC fees accrued on the lock, not yet claimed. */
  claimableFees: bigint;
};

/** The user's locking position from one `getUserSummary` call. */
export type UserLockingSummary = {
  earnedRksu: bigint;
  stakedKsu: bigint;
  /** Projected USDC: fees claimable now (before the active-deposit check). */
  claimableFees: bigint;
  /** KSU bonus interest owed. */
  bonusAmount: bigint;
  loyaltyLevel: LoyaltyLevel;
  locks: UserLock[];
};

/** Spec "User totals". */
export type UserTotals = {
  activeDeposits: bigint;
  pendingDeposits: bigint;
  earnedRksu: bigint;
  stakedKsu: bigint;
  locks: UserLock[];
};

/** A token's on-chain metadata (spec "Token" without prices and icons). */
export type TokenMetadata = {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
};
export type * from "./history";
