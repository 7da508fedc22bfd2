import {
  getCurrentEpochDepositedAmount,
  getDeployment,
  lendingPoolManagerReadsAbi,
  readContract,
  readTokenBalance,
  readUserLockingSummary,
} from "@lending/sdk";
import type { Address, Client } from "viem";
import type { LendFormUserData } from "./chain";

// Loaded only through loadLendFormRead() (lib/stack/chunks, the stack's module imports it): named
// imports keep this chunk to the reads it runs (a dynamic import of "@lending/sdk" or
// "viem/actions" would keep every module of them). `readContract` is the SDK's (one eth_call,
// without viem's `call` action).

/** The lend form's read of one user for one pool (lendFormQueryOptions' query function). */
export async function readLendForm(
  chainId: number,
  client: Client,
  user: Address,
  pool: { id: bigint; tranches: { id: bigint; fixedTermConfig: { configId: bigint }[] }[] },
): Promise<LendFormUserData> {
  const deployment = getDeployment(chainId);
  const [balance, summary, perTranche] = await Promise.all([
    readTokenBalance(client, { token: deployment.usdc, owner: user }),
    readUserLockingSummary(client, deployment, user),
    Promise.all(
      pool.tranches.map(async (t) => {
        const [deposited, allowlisted] = await Promise.all([
          getCurrentEpochDepositedAmount(client, deployment, {
            poolId: pool.id,
            trancheId: t.id,
            user,
          }),
          Promise.all(
            t.fixedTermConfig.map((c) =>
              readContract(client, {
                address: deployment.lendingPoolManager,
                // the views the reads call only: the whole ABI is many times that in this chunk
                abi: lendingPoolManagerReadsAbi,
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
