import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import { lenderExposure } from "../domain/decisions";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/**
 * A lender's exposure to an identified borrower's loan ({@link lenderExposure}): the lender's
 * shares and the tranche's totals read at `blockNumber`, the block the ticket was recorded at
 * (deposits accepted after it do not back the loan), or the latest block without one. Two reads.
 *
 * @example const exposure = await readLenderExposure(client, deployment, { poolId: 0n, trancheId: 0n, user, loanAssets: 100_000_000n, blockNumber: 123n });
 */
export async function readLenderExposure(
  client: Client,
  deployment: Deployment,
  args: {
    poolId: bigint;
    trancheId: bigint;
    user: Address;
    loanAssets: bigint;
    blockNumber?: bigint | null;
  },
): Promise<{ exposure: bigint; holderShares: bigint }> {
  const lpm = manager(deployment);
  const at = args.blockNumber == null ? {} : { blockNumber: args.blockNumber };
  const [holderShares, state] = await Promise.all([
    readContract(client, {
      ...lpm,
      functionName: "sharesOf",
      args: [args.poolId, args.trancheId, args.user],
      ...at,
    }),
    readContract(client, {
      ...lpm,
      functionName: "getTrancheState",
      args: [args.poolId, args.trancheId],
      ...at,
    }),
  ]);
  return {
    holderShares,
    exposure: lenderExposure({
      loanAssets: args.loanAssets,
      holderShares,
      trancheShares: state.totalShares,
      trancheAssets: state.totalAssets,
    }),
  };
}
