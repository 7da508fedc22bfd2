import type { Address, Hex } from "viem";

/**
 * A transaction ready to send: `to`, `data`, `value` plus a typed `description` of the action and
 * its arguments (for toasts, logs and confirmation screens). Builders never touch the network.
 */
export type TransactionRequest<D extends ActionDescription = ActionDescription> = {
  to: Address;
  data: Hex;
  value: bigint;
  description: D;
};

/** Every action the SDK builds, discriminated by `action`, with the arguments it was built from. */
export type ActionDescription =
  | { action: "approve"; token: Address; spender: Address; amount: bigint }
  | {
      action: "requestDepositWithKyc";
      poolId: bigint;
      trancheId: bigint;
      amount: bigint;
      fixedTermConfigId: bigint;
    }
  | { action: "cancelDepositRequest"; poolId: bigint; nftId: bigint }
  | { action: "cancelWithdrawalRequest"; poolId: bigint; nftId: bigint }
  | { action: "cancelRequestPart"; poolId: bigint; nftId: bigint; amount: bigint }
  | {
      action: "lockDepositForFixedTerm";
      poolId: bigint;
      trancheId: bigint;
      amount: bigint;
      configId: bigint;
    }
  | { action: "withdrawAtExpiry"; poolId: bigint; lockId: bigint }
  | { action: "releaseFixedTermLock"; lockId: bigint }
  | { action: "requestWithdrawal"; poolId: bigint; trancheId: bigint; shares: bigint }
  | { action: "requestWithdrawalMax"; poolId: bigint; trancheId: bigint; shares: bigint }
  | {
      action: "forceWithdrawal";
      poolId: bigint;
      trancheId: bigint;
      user: Address;
      shares: bigint;
    }
  | {
      action: "requestWithdrawalInUSDC";
      poolId: bigint;
      trancheId: bigint;
      amount: bigint;
      shares: bigint;
    }
  | { action: "claim"; nftId: bigint }
  | { action: "settle"; nftIds: readonly bigint[] }
  | { action: "claimDeferredPayout" }
  | { action: "lock"; amount: bigint; lockPeriodId: bigint }
  | { action: "unlock"; amount: bigint; lockId: bigint }
  | { action: "claimFees" }
  | { action: "claimBonus" }
  | { action: "swap"; fromToken: Address | null; fromAmount: bigint; minimumUsdcOut: bigint };

/** The `action` names. */
export type ActionName = ActionDescription["action"];
