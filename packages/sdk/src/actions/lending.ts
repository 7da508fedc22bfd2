import {
  encodeFunctionData,
  getAddress,
  isAddress,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { lendingPoolManagerAbi } from "../abi/generated";
import type { Deployment } from "../deployments";
import {
  EmptySettleBatchError,
  InvalidAddressError,
  NoSharesToWithdrawError,
  SettleBatchTooLargeError,
} from "../errors";
import { id, positive } from "./amounts";
import type { TransactionRequest } from "./types";

/** Most ids one `settle` call takes (the contract's `MAX_SETTLE_BATCH`). */
export const MAX_SETTLE_BATCH = 100;

function managerCall<D extends TransactionRequest["description"]>(
  deployment: Deployment,
  data: Hex,
  description: D,
): TransactionRequest<D> {
  return { to: deployment.lendingPoolManager, data, value: 0n, description };
}

/** The lender agreement accepted with a deposit (the contract's `ContractAcceptance`). */
export type ContractAcceptance = {
  /** The user's signature of the loan contract message. */
  signature: Hex;
  /** When it was signed (the spec's signed-message timestamps are in ms). */
  timestamp: bigint;
  /** Loan contract version. */
  version: number;
};

/** The KYC signer's authorisation (see {@link kycAuthorizationTypedData}). */
export type KycAuthorization = {
  /** The user's `kycNonces(user)` when it was signed. */
  nonce: bigint;
  /** Last block number at which it is valid. */
  blockExpiration: bigint;
  signature: Hex;
};

/**
 * `requestDepositWithKyc`: escrows `amount` USDC (approve the manager first) into a deposit
 * request of the request epoch. A second deposit to the same tranche in the same epoch grows the
 * same request and must use the same `fixedTermConfigId`.
 *
 * @param args.amount USDC units (6 decimals).
 * @param args.fixedTermConfigId 0n for a variable deposit, else the fixed-term config id.
 * @param args.kyc Ignored by the contract for allowlisted users (send any nonce and `0x`).
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * const tx = requestDepositWithKyc(deployment, {
 *   poolId: 0n, trancheId: 2n, amount: 1_000_000_000n, fixedTermConfigId: 0n,
 *   acceptance: { signature: contractSignature, timestamp: BigInt(Date.now()), version: 1 },
 *   kyc: { nonce, blockExpiration, signature: kycSignature },
 * });
 */
export function requestDepositWithKyc(
  deployment: Deployment,
  args: {
    poolId: bigint;
    trancheId: bigint;
    amount: bigint;
    fixedTermConfigId: bigint;
    acceptance: ContractAcceptance;
    kyc: KycAuthorization;
  },
) {
  const amount = positive("amount", args.amount);
  const { poolId, trancheId, fixedTermConfigId } = args;
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "requestDepositWithKyc",
      args: [poolId, trancheId, amount, fixedTermConfigId, args.acceptance, args.kyc],
    }),
    {
      action: "requestDepositWithKyc" as const,
      poolId,
      trancheId,
      amount,
      fixedTermConfigId,
    },
  );
}

function cancelRequest<F extends "cancelDepositRequest" | "cancelWithdrawalRequest">(
  functionName: F,
  deployment: Deployment,
  args: { poolId: bigint; nftId: bigint },
) {
  const { poolId, nftId } = args;
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: functionName as "cancelDepositRequest" | "cancelWithdrawalRequest",
      args: [id("poolId", poolId), id("nftId", nftId)],
    }),
    { action: functionName, poolId, nftId },
  );
}

/**
 * `cancelDepositRequest`: cancels a pending deposit request whose epoch is not cleared yet and
 * refunds its USDC in full. Owner only (offer it when `canCancel`).
 *
 * @example
 * await walletClient.sendTransaction(cancelDepositRequest(deployment, { poolId: 0n, nftId: 7n }));
 */
export function cancelDepositRequest(
  deployment: Deployment,
  args: { poolId: bigint; nftId: bigint },
) {
  return cancelRequest("cancelDepositRequest", deployment, args);
}

/**
 * `cancelWithdrawalRequest`: cancels a pending withdrawal request whose epoch is not cleared yet
 * and returns its shares. Owner only.
 *
 * @example
 * await walletClient.sendTransaction(cancelWithdrawalRequest(deployment, { poolId: 0n, nftId: 8n }));
 */
export function cancelWithdrawalRequest(
  deployment: Deployment,
  args: { poolId: bigint; nftId: bigint },
) {
  return cancelRequest("cancelWithdrawalRequest", deployment, args);
}

/**
 * `cancelRequestPart`: cancels `amount` of a pending request whose epoch is not cleared yet: one
 * of the requests a same-epoch increase merged into one on chain (a deposit's USDC, a
 * withdrawal's shares). The amount comes back exactly; the rest stays queued with its level and
 * age. `amount` must be below the request's amount (cancel the whole with
 * {@link cancelDepositRequest} / {@link cancelWithdrawalRequest}; {@link cancelRequestOrPart}
 * picks). Owner only; not a forced withdrawal.
 *
 * @param args.amount USDC units of a deposit, share units of a withdrawal.
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * await walletClient.sendTransaction(cancelRequestPart(deployment, { poolId: 0n, nftId: 8n, amount: 250n * 10n ** 12n }));
 */
export function cancelRequestPart(
  deployment: Deployment,
  args: { poolId: bigint; nftId: bigint; amount: bigint },
) {
  const amount = positive("amount", args.amount);
  const poolId = id("poolId", args.poolId);
  const nftId = id("nftId", args.nftId);
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "cancelRequestPart",
      args: [poolId, nftId, amount],
    }),
    { action: "cancelRequestPart" as const, poolId, nftId, amount },
  );
}

/**
 * The cancel of one request as the lender made it (a row of the history): the whole on-chain
 * request when `part` is all of it (`requestAmount`, the chain's current amount), else only that
 * part ({@link cancelRequestPart}).
 *
 * @example
 * cancelRequestOrPart(deployment, { kind: "Withdrawal", poolId: 0n, nftId: 8n, part: 5n, requestAmount: 15n }).description.action // "cancelRequestPart"
 */
export function cancelRequestOrPart(
  deployment: Deployment,
  args: {
    kind: "Deposit" | "Withdrawal";
    poolId: bigint;
    nftId: bigint;
    /** The row's amount (USDC or shares); null or undefined: the whole request. */
    part?: bigint | null;
    requestAmount: bigint;
  },
) {
  const { poolId, nftId, part } = args;
  if (part === null || part === undefined || part >= args.requestAmount) {
    return args.kind === "Deposit"
      ? cancelDepositRequest(deployment, { poolId, nftId })
      : cancelWithdrawalRequest(deployment, { poolId, nftId });
  }
  return cancelRequestPart(deployment, { poolId, nftId, amount: part });
}

/**
 * `lockDepositForFixedTerm`: converts free variable shares worth `amount` USDC into a fixed-term
 * lock of `configId` (the spec's "fix APY").
 *
 * @param args.amount USDC units (6 decimals).
 * @throws {InvalidAmountError} when `amount` is not positive.
 * @example
 * const tx = lockDepositForFixedTerm(deployment, { poolId: 0n, trancheId: 2n, amount: 500_000_000n, configId: 1n });
 */
export function lockDepositForFixedTerm(
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; amount: bigint; configId: bigint },
) {
  const amount = positive("amount", args.amount);
  const { poolId, trancheId, configId } = args;
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "lockDepositForFixedTerm",
      args: [poolId, trancheId, amount, configId],
    }),
    { action: "lockDepositForFixedTerm" as const, poolId, trancheId, amount, configId },
  );
}

/**
 * `withdrawAtExpiry`: asks to withdraw a fixed-term lock at maturity instead of turning it
 * variable; at least `requestEpochsInAdvance` epochs before its end. Owner only.
 *
 * @example
 * const tx = withdrawAtExpiry(deployment, { poolId: 0n, lockId: 3n });
 */
export function withdrawAtExpiry(deployment: Deployment, args: { poolId: bigint; lockId: bigint }) {
  const { poolId, lockId } = args;
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "withdrawAtExpiry",
      args: [id("poolId", poolId), id("lockId", lockId)],
    }),
    { action: "withdrawAtExpiry" as const, poolId, lockId },
  );
}

/**
 * `releaseFixedTermLock`: releases a matured lock (free shares, or USDC when withdrawn at
 * expiry). Anyone; value goes to the owner.
 *
 * @example
 * const tx = releaseFixedTermLock(deployment, { lockId: 3n });
 */
export function releaseFixedTermLock(deployment: Deployment, args: { lockId: bigint }) {
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "releaseFixedTermLock",
      args: [id("lockId", args.lockId)],
    }),
    { action: "releaseFixedTermLock" as const, lockId: args.lockId },
  );
}

/**
 * `requestWithdrawal(poolId, trancheId, shares)`: moves free shares into a withdrawal request.
 *
 * @param args.shares Tranche shares (12 decimals), at most `readMaxWithdrawalShares`.
 * @throws {InvalidAmountError} when `shares` is not positive.
 * @example
 * const tx = requestWithdrawal(deployment, { poolId: 0n, trancheId: 2n, shares: 10n ** 15n });
 */
export function requestWithdrawal(
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; shares: bigint },
) {
  const shares = positive("shares", args.shares);
  const { poolId, trancheId } = args;
  return managerCall(deployment, encodeWithdrawal(poolId, trancheId, shares), {
    action: "requestWithdrawal" as const,
    poolId,
    trancheId,
    shares,
  });
}

/**
 * `forceWithdrawal(poolId, trancheId, user, shares)` (pool manager only): queues `shares` of
 * `user`'s free shares for withdrawal on the user's behalf, under the same queue rules as the
 * user's own request; the payout goes to `user`. The request is marked by `WithdrawalForced`.
 *
 * @param args.shares Tranche shares (12 decimals), at most the user's `sharesOf`.
 * @throws {InvalidAmountError} when `shares` is not positive or an id is negative.
 * @throws {InvalidAddressError} when `user` is not a non-zero address.
 * @example
 * const tx = forceWithdrawal(deployment, { poolId: 0n, trancheId: 2n, user, shares });
 */
export function forceWithdrawal(
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; user: Address; shares: bigint },
) {
  const poolId = id("poolId", args.poolId);
  const trancheId = id("trancheId", args.trancheId);
  const shares = positive("shares", args.shares);
  if (!isAddress(args.user) || args.user === zeroAddress) {
    throw new InvalidAddressError("user", args.user);
  }
  const user = getAddress(args.user);
  const data = encodeFunctionData({
    abi: lendingPoolManagerAbi,
    functionName: "forceWithdrawal",
    args: [poolId, trancheId, user, shares],
  });
  return managerCall(deployment, data, {
    action: "forceWithdrawal" as const,
    poolId,
    trancheId,
    user,
    shares,
  });
}

function encodeWithdrawal(poolId: bigint, trancheId: bigint, shares: bigint): Hex {
  return encodeFunctionData({
    abi: lendingPoolManagerAbi,
    functionName: "requestWithdrawal",
    args: [poolId, trancheId, shares],
  });
}

/**
 * The max-withdrawal variant (spec: used when the amount equals the available amount). The
 * contract has no separate entry: it is `requestWithdrawal` of all the user's free shares, read
 * with `readMaxWithdrawalShares` (exact, so no USDC-to-shares rounding leaves dust behind).
 *
 * @throws {NoSharesToWithdrawError} when `shares` is 0 (nothing free; claim cleared deposits first).
 * @example
 * const shares = await readMaxWithdrawalShares(client, deployment, { poolId: 0n, trancheId: 2n, user });
 * const tx = requestWithdrawalMax(deployment, { poolId: 0n, trancheId: 2n, shares });
 */
export function requestWithdrawalMax(
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; shares: bigint },
) {
  const { poolId, trancheId, shares } = args;
  if (shares <= 0n) throw new NoSharesToWithdrawError(poolId, trancheId);
  return managerCall(deployment, encodeWithdrawal(poolId, trancheId, shares), {
    action: "requestWithdrawalMax" as const,
    poolId,
    trancheId,
    shares,
  });
}

/**
 * `requestWithdrawal` for a USDC amount already converted to shares (pure half of
 * `prepareWithdrawalInUSDC`, which reads the conversion).
 *
 * @throws {InvalidAmountError} when `amount` or `shares` is not positive.
 * @example
 * const tx = buildWithdrawalInUSDC(deployment, { poolId: 0n, trancheId: 2n, amount: 100_000_000n, shares });
 */
export function buildWithdrawalInUSDC(
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; amount: bigint; shares: bigint },
) {
  const amount = positive("amount", args.amount);
  const shares = positive("shares", args.shares);
  const { poolId, trancheId } = args;
  return managerCall(deployment, encodeWithdrawal(poolId, trancheId, shares), {
    action: "requestWithdrawalInUSDC" as const,
    poolId,
    trancheId,
    amount,
    shares,
  });
}

/**
 * `claim(nftId)`: settles a cleared request (shares or a fixed-term lock, refunds, payouts).
 * Anyone; value goes to the owner. Reverts when the request is not cleared.
 *
 * @example
 * const tx = claim(deployment, { nftId: 7n });
 */
export function claim(deployment: Deployment, args: { nftId: bigint }) {
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "claim",
      args: [id("nftId", args.nftId)],
    }),
    { action: "claim" as const, nftId: args.nftId },
  );
}

/**
 * `settle(nftIds)`: `claim` for up to {@link MAX_SETTLE_BATCH} requests; ids not ready are skipped.
 *
 * @throws {EmptySettleBatchError} for no ids; {@link SettleBatchTooLargeError} for more than 100.
 * @example
 * const tx = settle(deployment, { nftIds: requests.filter((r) => r.canClaim).map((r) => r.nftId) });
 */
export function settle(deployment: Deployment, args: { nftIds: readonly bigint[] }) {
  const { nftIds } = args;
  if (nftIds.length === 0) throw new EmptySettleBatchError();
  if (nftIds.length > MAX_SETTLE_BATCH) {
    throw new SettleBatchTooLargeError(nftIds.length, MAX_SETTLE_BATCH);
  }
  nftIds.forEach((nftId) => id("nftIds", nftId));
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "settle",
      args: [nftIds],
    }),
    { action: "settle" as const, nftIds: [...nftIds] },
  );
}

/**
 * `claimDeferredPayout()`: sends the caller's deferred payouts to the caller (never to another
 * address, so an owner the token blacklists stays owed until a transfer to them succeeds). A
 * refund or withdrawal payout whose USDC transfer failed at settlement (e.g. the owner's address
 * was blacklisted by the token) is owed instead of lost; read it with the manager's
 * `deferredPayoutOf(user)`. The contract reverts with `NoDeferredPayout` if none is owed.
 *
 * @example
 * const tx = claimDeferredPayout(deployment);
 */
export function claimDeferredPayout(deployment: Deployment) {
  return managerCall(
    deployment,
    encodeFunctionData({
      abi: lendingPoolManagerAbi,
      functionName: "claimDeferredPayout",
    }),
    { action: "claimDeferredPayout" as const },
  );
}
