import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import { manager } from "./contracts";
import { readContract } from "./readContract";

// Apart from ./user-lending (its positions, requests and pools): the lend form's read in the
// browser carries this one view alone (issue 26).

/**
 * The user's pending deposit amount (USDC units) in a tranche for the current request epoch (the
 * lend form subtracts it from the tranche's min and max).
 *
 * @example
 * const deposited = await getCurrentEpochDepositedAmount(client, deployment, { poolId: 0n, trancheId: 2n, user });
 */
export function getCurrentEpochDepositedAmount(
  client: Client,
  deployment: Deployment,
  args: { poolId: bigint; trancheId: bigint; user: Address },
): Promise<bigint> {
  return readContract(client, {
    ...manager(deployment),
    functionName: "getCurrentEpochDepositedAmount",
    args: [args.poolId, args.trancheId, args.user],
  });
}
