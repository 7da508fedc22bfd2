import { formatUnits, type Client } from "viem";
import type { Deployment } from "../deployments";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/**
 * The performance fee on lender interest, from the contract constant `PERFORMANCE_FEE`: as a
 * fraction (0.1 = 10%) and as 18-decimal fixed point. Half funds KSU lockers' fee sharing.
 *
 * @example
 * const { fraction } = await getPerformanceFee(client, deployment);
 * grossToNetApy(0.15, fraction); // 0.135
 */
export async function getPerformanceFee(
  client: Client,
  deployment: Deployment,
): Promise<{ fraction: number; wad: bigint }> {
  const wad = await readContract(client, {
    ...manager(deployment),
    functionName: "PERFORMANCE_FEE",
  });
  return { fraction: Number(formatUnits(wad, 18)), wad };
}
