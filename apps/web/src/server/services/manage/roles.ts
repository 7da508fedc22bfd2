/**
 * Operator roles (issue 27): the console is for a wallet that holds a manager role on the
 * LendingPoolManager at the latest block. Read on every call, never cached: a revoked role is
 * refused at the next request. No "@/" imports: the ops CLI may import this file too.
 */
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import { keccak256, toBytes, zeroHash, type Address, type Hex, type PublicClient } from "viem";

export const OPERATOR_ROLES = ["DEFAULT_ADMIN_ROLE", "POOL_MANAGER_ROLE", "KEEPER_ROLE"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The role ids, as the contract computes them (`keccak256("POOL_MANAGER_ROLE")`, admin 0x0). */
export const ROLE_IDS: Record<OperatorRole, Hex> = {
  DEFAULT_ADMIN_ROLE: zeroHash,
  POOL_MANAGER_ROLE: keccak256(toBytes("POOL_MANAGER_ROLE")),
  KEEPER_ROLE: keccak256(toBytes("KEEPER_ROLE")),
};

/**
 * Who may do what. The contracts have no KYC reviewer role: the identity review queue is the
 * admin's and the pool manager's (a keeper's key runs unattended and reviews nobody).
 */
export const CAN = {
  view: OPERATOR_ROLES,
  reviewKyc: ["DEFAULT_ADMIN_ROLE", "POOL_MANAGER_ROLE"],
  manageCapital: ["POOL_MANAGER_ROLE"],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** The operator roles `address` holds on the LendingPoolManager at the latest block. */
export async function operatorRoles(
  client: PublicClient,
  deployment: Pick<Deployment, "lendingPoolManager">,
  address: Address,
): Promise<OperatorRole[]> {
  const held = await Promise.all(
    OPERATOR_ROLES.map((role) =>
      client.readContract({
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
