import type { Address, Client } from "viem";
import type { LendFormUserData } from "./chain";

/** The lend form's read of one user for one pool (lendFormQueryOptions' query function). */
export async function readLendForm(
  chainId: number,
  client: Client,
  user: Address,
  pool: { id: bigint; tranches: { id: bigint; fixedTermConfig: { configId: bigint }[] }[] },
): Promise<LendFormUserData> {
  const sdk = await import("@lending/sdk");
  const { readContract } = await import("viem/actions");
  const deployment = sdk.getDeployment(chainId);
  const [balance, summary, perTranche] = await Promise.all([
    sdk.readTokenBalance(client, { token: deployment.usdc, owner: user }),
    sdk.readUserLockingSummary(client, deployment, user),
    Promise.all(
      pool.tranches.map(async (t) => {
        const [deposited, allowlisted] = await Promise.all([
          sdk.getCurrentEpochDepositedAmount(client, deployment, {
            poolId: pool.id,
            trancheId: t.id,
            user,
          }),
          Promise.all(
            t.fixedTermConfig.map((c) =>
              readContract(client, {
                address: deployment.lendingPoolManager,
                abi: sdk.lendingPoolManagerAbi,
                functionName: "isFixedTermAllowlisted",
                args: [pool.id, t.id, c.configId, user],
              }),
            ),
          ),
        ]);
        return {
          id: t.id.toString(),
          deposited,
          allowlisted: t.fixedTermConfig.filter((_, i) => allowlisted[i]).map((c) => c.configId),
        };
      }),
    ),
  ]);
  return {
    balance,
    depositedThisEpoch: Object.fromEntries(perTranche.map((t) => [t.id, t.deposited])),
    fixedTermAllowlisted: Object.fromEntries(perTranche.map((t) => [t.id, t.allowlisted])),
    loyaltyLevel: summary.loyaltyLevel,
  };
}
