/**
 * A forced withdrawal's checks (issue 27, "one implementation per action"): the ops CLI's
 * `withdraw:force` and the console's Lenders section both call {@link planForceWithdrawal}
 * before anything is sent: the signer holds POOL_MANAGER_ROLE, the pool and tranche exist, the
 * lender has free shares, at most those are asked, and the reason (recorded in the audit trail)
 * is given. No "@/" imports: the ops CLI imports this file too.
 */
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import type { Address, PublicClient } from "viem";
import { ROLE_IDS } from "./roles";

export const MAX_FORCE_REASON_LENGTH = 500;

export class ForceWithdrawalError extends Error {
  override name = "ForceWithdrawalError";
}

/** What is withdrawn: every free share, a number of shares (12 decimals) or USDC worth of them. */
export type ForceAmount = { all: true } | { shares: bigint } | { assets: bigint };

export type ForceWithdrawalPlan = {
  poolId: bigint;
  trancheId: bigint;
  user: Address;
  /** the shares to queue */
  shares: bigint;
  /** the lender's free shares in the tranche now, and what they are worth (USDC units) */
  freeShares: bigint;
  freeValue: bigint;
  /** what the queued shares are worth now (USDC units); paid at the settlement's price */
  value: bigint;
  reason: string;
};

/**
 * Checks a forced withdrawal of `user`'s shares; throws a {@link ForceWithdrawalError} naming the
 * problem (nothing is sent by this function).
 */
export async function planForceWithdrawal(
  client: PublicClient,
  deployment: Pick<Deployment, "lendingPoolManager">,
  args: {
    signer: Address;
    poolId: bigint;
    trancheId: bigint;
    user: Address;
    amount: ForceAmount;
    reason: string;
    /** the ops CLI's older scripts pass none; the console always needs one */
    reasonRequired?: boolean;
  },
): Promise<ForceWithdrawalPlan> {
  const reason = args.reason.trim();
  if (reason.length > MAX_FORCE_REASON_LENGTH) {
    throw new ForceWithdrawalError(
      `The reason is longer than ${MAX_FORCE_REASON_LENGTH} characters`,
    );
  }
  if ((args.reasonRequired ?? true) && !reason) {
    throw new ForceWithdrawalError(
      "A forced withdrawal needs a reason: it is recorded in the audit trail",
    );
  }
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const isManager = await client.readContract({
    ...lpm,
    functionName: "hasRole",
    args: [ROLE_IDS.POOL_MANAGER_ROLE, args.signer],
    blockTag: "latest",
  });
  if (!isManager) {
    throw new ForceWithdrawalError(
      `${args.signer} does not hold POOL_MANAGER_ROLE: set OPS_PRIVATE_KEY to a pool manager's key.`,
    );
  }
  const pool = await client
    .readContract({ ...lpm, functionName: "getPool", args: [args.poolId] })
    .catch(() => {
      throw new ForceWithdrawalError(`Pool ${args.poolId} does not exist.`);
    });
  if (args.trancheId >= BigInt(pool.tranches.length)) {
    throw new ForceWithdrawalError(
      `Pool ${args.poolId} has no tranche ${args.trancheId} (it has ${pool.tranches.length}).`,
    );
  }
  const where = `pool ${args.poolId} tranche ${args.trancheId}`;
  const free = await client.readContract({
    ...lpm,
    functionName: "sharesOf",
    args: [args.poolId, args.trancheId, args.user],
  });
  if (free === 0n) {
    throw new ForceWithdrawalError(
      `${args.user} has no free shares in ${where} (nothing to withdraw).`,
    );
  }
  const toAssets = (shares: bigint) =>
    client.readContract({
      ...lpm,
      functionName: "convertToAssets",
      args: [args.poolId, args.trancheId, shares],
    });
  const freeValue = await toAssets(free);
  let shares: bigint;
  if ("all" in args.amount) shares = free;
  else if ("shares" in args.amount) shares = args.amount.shares;
  else {
    if (args.amount.assets > freeValue) {
      throw new ForceWithdrawalError(
        `${args.user}'s free shares in ${where} are worth ${freeValue} USDC units, less than the ${args.amount.assets} asked.`,
      );
    }
    // the whole position when the amount is its whole value (no dust left behind)
    shares =
      args.amount.assets === freeValue
        ? free
        : await client.readContract({
            ...lpm,
            functionName: "convertToShares",
            args: [args.poolId, args.trancheId, args.amount.assets],
          });
  }
  if (shares <= 0n) throw new ForceWithdrawalError("The amount is worth no share: enter more.");
  if (shares > free) {
    throw new ForceWithdrawalError(
      `${args.user} has ${free} free shares in ${where}, fewer than the ${shares} asked.`,
    );
  }
  return {
    poolId: args.poolId,
    trancheId: args.trancheId,
    user: args.user,
    shares,
    freeShares: free,
    freeValue,
    value: shares === free ? freeValue : await toAssets(shares),
    reason,
  };
}
