import type { Address, Client } from "viem";
import type { Deployment } from "../deployments";
import type { FeeHolding } from "../domain/referral-rewards";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/**
 * A lender's interest-earning holdings in one pool at a clearing (for its referral reward): read
 * in the block before the clearing (`clearingBlock - 1`): each tranche's variable value
 * (`balance - lockedInFixedTerm` of `getUserPosition`) and each fixed-term lock not matured yet
 * (`getUserFixedTermLocks`), with the rates the clearing applied (`getPool` in the clearing block:
 * a pending variable rate is applied by then).
 *
 * @example const holdings = await readClearingHoldings(client, deployment, { user, poolId: 0n, clearingBlock });
 */
export async function readClearingHoldings(
  client: Client,
  deployment: Deployment,
  args: { user: Address; poolId: bigint; clearingBlock: bigint },
): Promise<FeeHolding[]> {
  const lpm = manager(deployment);
  const before = args.clearingBlock - 1n;
  const [[positions], locks, pool] = await Promise.all([
    readContract(client, {
      ...lpm,
      functionName: "getUserPosition",
      args: [args.user],
      blockNumber: before,
    }),
    readContract(client, {
      ...lpm,
      functionName: "getUserFixedTermLocks",
      args: [args.user],
      blockNumber: before,
    }),
    readContract(client, {
      ...lpm,
      functionName: "getPool",
      args: [args.poolId],
      blockNumber: args.clearingBlock,
    }),
  ]);
  const holdings: FeeHolding[] = [];
  for (const p of positions) {
    if (p.poolId !== args.poolId) continue;
    const tranche = pool.tranches[Number(p.trancheId)];
    const variable = p.balance > p.lockedInFixedTerm ? p.balance - p.lockedInFixedTerm : 0n;
    if (tranche && variable > 0n) {
      holdings.push({ valueUsdc: variable, epochRateWad: tranche.epochInterestRate });
    }
  }
  for (const l of locks) {
    if (l.poolId !== args.poolId || l.matured || l.released || l.assets === 0n) continue;
    const config = pool.tranches[Number(l.trancheId)]?.fixedTermConfigs.find(
      (c) => c.configId === l.configId,
    );
    if (config) holdings.push({ valueUsdc: l.assets, epochRateWad: config.epochInterestRate });
  }
  return holdings;
}
