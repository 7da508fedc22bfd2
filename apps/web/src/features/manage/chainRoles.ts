/**
 * The operator roles a wallet holds, read on chain from the browser with the server's rule
 * (roles.ts: the same role ids, at the latest block). wagmi's client is a bare viem Client
 * without the public actions, so the reads go through the SDK's `readContract`.
 */
import { lendingPoolManagerAbi, readContract, type Deployment } from "@lending/sdk";
import type { Address, Client } from "viem";
import { OPERATOR_ROLES, ROLE_IDS, type OperatorRole } from "@/server/services/manage/roles";

export async function readOperatorRoles(
  client: Client,
  deployment: Pick<Deployment, "lendingPoolManager">,
  address: Address,
): Promise<OperatorRole[]> {
  const held = await Promise.all(
    OPERATOR_ROLES.map((role) =>
      readContract(client, {
        address: deployment.lendingPoolManager,
        abi: lendingPoolManagerAbi,
        functionName: "hasRole",
        args: [ROLE_IDS[role], address],
        blockTag: "latest",
      }),
    ),
  );
  return OPERATOR_ROLES.filter((_, i) => held[i]);
}
