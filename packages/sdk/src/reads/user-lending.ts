import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import type { LoyaltyLevel } from "../domain/loyalty";
import { fixedTermReleaseTime } from "../domain/fixed-term";
import type { RequestStatus } from "../domain/requests";
import {
  CHAIN_REQUEST_STATUSES,
  REQUEST_KINDS,
  type ChainRequestStatus,
  type DepositRecord,
  type FixedLoan,
  type RequestRecord,
  type UserPosition,
  type UserRequest,
} from "../entities";
import { RequestNotFoundError, UnknownRequestEnumError } from "../errors";
import { readPools, type AtBlock, type Pool } from "./pools";
import { manager } from "./contracts";
import { readContract, contractRevert } from "./readContract";

const EPOCH_SECONDS = 7n * 86_400n;

type RequestView = Awaited<ReturnType<typeof readRequestView>>;

function readRequestView(client: Client, deployment: Deployment, nftId: bigint) {
  return readContract(client, {
    ...manager(deployment),
    functionName: "requestStatus",
    args: [nftId],
  });
}

const SPEC_STATUS: Record<Exclude<ChainRequestStatus, "None">, RequestStatus> = {
  Pending: "Requested",
  Cleared: "Processed",
  Settled: "Processed",
  Cancelled: "Cancelled",
};

function toRecord(view: RequestView): RequestRecord {
  const kind = REQUEST_KINDS[view.kind];
  if (!kind) throw new UnknownRequestEnumError("kind", view.kind);
  const status = CHAIN_REQUEST_STATUSES[view.status];
  if (!status) throw new UnknownRequestEnumError("status", view.status);
  if (status === "None") throw new RequestNotFoundError(view.nftId);
  return {
    nftId: view.nftId,
    owner: view.owner,
    poolId: view.poolId,
    trancheId: view.trancheId,
    epoch: view.epoch,
    kind,
    level: Math.min(view.level, 2) as LoyaltyLevel,
    fixedTermConfigId: view.fixedTermConfigId,
    amount: view.amount,
    unit: kind === "Deposit" ? "usdc" : "shares",
    status,
    requestStatus: SPEC_STATUS[status],
    accepted: view.accepted,
    reallocated: view.reallocated,
    rejected: view.rejected,
    shares: view.shares,
    assets: view.assets,
    canCancel: status === "Pending",
    canClaim: status === "Cleared",
  };
}

/**
 * One request by NFT id, with its settlement amounts (`requestStatus`, one call).
 *
 * @throws {RequestNotFoundError} when no request has this id.
 * @example
 * const request = await readRequest(client, getDeployment(31337), 7n);
 * if (request.canClaim) await walletClient.sendTransaction(claim(deployment, { nftId: 7n }));
 */
export async function readRequest(
  client: Client,
  deployment: Deployment,
  nftId: bigint,
): Promise<RequestRecord> {
  try {
    return toRecord(await readRequestView(client, deployment, nftId));
  } catch (error) {
    if (contractRevert(error)?.data?.errorName === "RequestNotFound") {
      throw new RequestNotFoundError(nftId, { cause: error });
    }
    throw error;
  }
}

/**
 * The user's whole lending position in one call (`getUserPosition`): per pool and tranche the
 * shares, balance, available to withdraw and fixed-term value; all requests (newest first) with
 * their status and settlement amounts; and the active and pending deposit totals (USDC).
 *
 * @example
 * const { positions, activeDeposits } = await readUserPosition(client, deployment, user);
 * const senior = positions.find((p) => p.poolId === 0n && p.trancheId === 2n);
 * senior?.availableToWithdraw; // USDC units
 */
export async function readUserPosition(
  client: Client,
  deployment: Deployment,
  user: Address,
  at: AtBlock = {},
): Promise<UserPosition> {
  const [positions, requests, activeDeposits, pendingDeposits] = await readContract(client, {
    ...manager(deployment),
    functionName: "getUserPosition",
    args: [user],
    ...(at.blockNumber === undefined ? {} : { blockNumber: at.blockNumber }),
  });
  return {
    positions: positions.map((p) => ({
      poolId: p.poolId,
      trancheId: p.trancheId,
      shares: p.shares,
      balance: p.balance,
      availableToWithdraw: p.availableToWithdraw,
      lockedInFixedTerm: p.lockedInFixedTerm,
    })),
    requests: requests.map(toRecord),
    activeDeposits,
    pendingDeposits,
  };
}

/**
 * A request with its pool, tranche name, APY and fixed-term config (the spec's
 * "Transaction/request"), from the pools as `readPools` returns them.
 *
 * @example const rows = position.requests.map((r) => toUserRequest(r, pools));
 */
export function toUserRequest(request: RequestRecord, pools: readonly Pool[]): UserRequest {
  const pool = pools.find((p) => p.id === request.poolId);
  const tranche = pool?.tranches.find((t) => t.id === request.trancheId);
  const fixedTermConfig =
    request.fixedTermConfigId === 0n
      ? null
      : (tranche?.fixedTermConfig.find((c) => c.configId === request.fixedTermConfigId) ?? null);
  return {
    ...request,
    lendingPool: {
      id: request.poolId,
      name: pool?.poolName ?? "",
      tranches: pool?.tranches.map((t) => ({ id: t.id, name: t.name })) ?? [],
    },
    trancheName: tranche?.name ?? "",
    apy: fixedTermConfig?.apy ?? tranche?.apy ?? 0,
    fixedTermConfig,
  };
}

/**
 * All the user's deposit and withdrawal requests, newest first, with pool and tranche names,
 * APY, status, settlement amounts, `canCancel` and the fixed-term config. Two calls in parallel
 * (`getUserPosition`, `getPools`).
 *
 * @example
 * const requests = await getUserRequests(client, deployment, user);
 * const cancellable = requests.filter((r) => canOfferCancel(r));
 */
export async function getUserRequests(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<UserRequest[]> {
  const [position, pools] = await Promise.all([
    readUserPosition(client, deployment, user),
    readPools(client, deployment),
  ]);
  return position.requests.map((r) => toUserRequest(r, pools));
}

/**
 * A deposit request as the spec's "Deposit record" (request time and transaction hash come from
 * events, so they are null here).
 *
 * @example const records = requests.filter((r) => r.kind === "Deposit").map(toDepositRecord);
 */
export function toDepositRecord(request: UserRequest): DepositRecord {
  return {
    id: request.nftId,
    epochId: request.epoch,
    requestTimestamp: null,
    reallocatedOutAmount: request.reallocated,
    rejectedAmount: request.rejected,
    acceptedAmount: request.accepted,
    reallocatedInAmount: 0n,
    transactionHash: null,
    trancheName: request.trancheName,
    apy: request.apy,
    lendingPool: { name: request.lendingPool.name },
  };
}

/**
 * The user's active (accepted) and pending (requested) deposits in USDC units, from one
 * `getUserPosition` call.
 *
 * @example
 * const { active, pending } = await getUserTotalPendingAndActiveDepositedAmount(client, deployment, user);
 */
export async function getUserTotalPendingAndActiveDepositedAmount(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<{ active: bigint; pending: bigint }> {
  const { activeDeposits, pendingDeposits } = await readUserPosition(client, deployment, user);
  return { active: activeDeposits, pending: pendingDeposits };
}

/**
 * The nonce the user's next KYC authorisation must carry (`kycNonces(user)`).
 *
 * @example const nonce = await readKycNonce(client, deployment, user);
 */
export function readKycNonce(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "kycNonces",
    args: [user],
  });
}

/**
 * The user's KYC status on chain: "None" (needs a signed authorisation), "Allowlisted" (no
 * signature needed) or "Blocklisted".
 *
 * @example if ((await readKycStatus(client, deployment, user)) === "Blocklisted") ...
 */
export async function readKycStatus(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<"None" | "Allowlisted" | "Blocklisted"> {
  const status = await readContract(client, {
    ...manager(deployment),
    functionName: "kycStatus",
    args: [user],
  });
  return status === 1 ? "Allowlisted" : status === 2 ? "Blocklisted" : "None";
}

/**
 * The user's free, settled shares in a tranche: the `shares` of the max withdrawal. Cleared but
 * unclaimed deposits count only after `claim`/`settle`.
 *
 * @example
 * const shares = await readMaxWithdrawalShares(client, deployment, { poolId: 0n, trancheId: 2n, user });
 */
export function readMaxWithdrawalShares(
  client: Client,
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; user: Address },
): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "sharesOf",
    args: [args.poolId, args.trancheId, args.user],
  });
}

/**
 * Shares worth `amount` USDC units in a tranche (`convertToShares`, rounded down).
 *
 * @example const shares = await readSharesForAssets(client, deployment, { poolId: 0n, trancheId: 2n, amount: 100_000_000n });
 */
export function readSharesForAssets(
  client: Client,
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; amount: bigint },
): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "convertToShares",
    args: [args.poolId, args.trancheId, args.amount],
  });
}

/**
 * USDC value of `shares` of a tranche (`convertToAssets`, rounded down), e.g. a withdrawal
 * request's amount.
 *
 * @example const usdc = await readAssetsForShares(client, deployment, { poolId: 0n, trancheId: 2n, shares });
 */
export function readAssetsForShares(
  client: Client,
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; shares: bigint },
): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "convertToAssets",
    args: [args.poolId, args.trancheId, args.shares],
  });
}

/**
 * The user's fixed-term locks as the spec's "Fixed loan" (start and "fixed until" times from the
 * epoch clock). Three calls in parallel (`getUserFixedTermLocks`, `genesis`, `getPools`).
 *
 * @example
 * const loans = await getUserFixedLoans(client, deployment, user);
 * loans.filter((l) => !l.matured && !l.withdrawAtExpiry); // candidates for withdrawAtExpiry
 */
export async function getUserFixedLoans(
  client: Client,
  deployment: Deployment,
  user: Address,
): Promise<FixedLoan[]> {
  const [locks, genesis, pools] = await Promise.all([
    readContract(client, {
      ...manager(deployment),
      functionName: "getUserFixedTermLocks",
      args: [user],
    }),
    readContract(client, { ...manager(deployment), functionName: "genesis" }),
    readPools(client, deployment),
  ]);
  return locks.map((l) => {
    const config = pools
      .find((p) => p.id === l.poolId)
      ?.tranches.find((t) => t.id === l.trancheId)
      ?.fixedTermConfig.find((c) => c.configId === l.configId);
    const duration = config?.epochLockDuration ?? 1n;
    const startEpoch = l.endEpoch + 1n - duration;
    return {
      lockId: l.lockId,
      poolId: l.poolId,
      trancheId: l.trancheId,
      configId: l.configId,
      startTime: Number(genesis + startEpoch * EPOCH_SECONDS),
      endTime: fixedTermReleaseTime(genesis, l.endEpoch, l.withdrawAtExpiry),
      amount: l.assets,
      shares: l.shares,
      endEpoch: l.endEpoch,
      withdrawAtExpiry: l.withdrawAtExpiry,
      matured: l.matured,
      released: l.released,
    };
  });
}
