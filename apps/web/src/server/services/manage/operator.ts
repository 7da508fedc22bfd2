/**
 * The console's server-side gate (issue 27): every /api/manage call needs the SIWE session of a
 * wallet that holds an allowed role at the latest block (no session: 401; a session whose wallet
 * holds none, or whose role was revoked: 403). Checked on every call, never cached.
 */
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient } from "@/server/context";
import type { Database } from "@/server/db/client";
import { forbidden, notFound, unauthorized } from "@/server/http/errors";
import {
  assertSameOrigin,
  currentSession,
  NOT_SIGNED_IN_MESSAGE,
  siteOf,
} from "@/server/services/sessions";
import { CAN, operatorRoles, type OperatorRole } from "./roles";

export const NOT_OPERATOR_MESSAGE =
  "This wallet holds no operator role for this action on the LendingPoolManager";

export type Operator = {
  address: Address;
  roles: OperatorRole[];
  chainId: number;
  deployment: ReturnType<typeof getDeployment>;
};

/** The deployment of the served chain (404 where nothing is deployed). */
export function servedDeployment() {
  const chainId = serverConfig().chainId;
  if (!hasDeployment(chainId)) throw notFound(`No deployment on chain ${chainId}`);
  return { chainId, deployment: getDeployment(chainId) };
}

export async function requireOperator(
  db: Database,
  request: Request,
  allowed: readonly OperatorRole[] = CAN.view,
): Promise<Operator> {
  const site = siteOf(request, serverConfig());
  if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request, site);
  const session = await currentSession(db, request, site);
  if (!session?.address) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  const { chainId, deployment } = servedDeployment();
  const address = session.address as Address;
  const roles = await operatorRoles(chainClient(), deployment, address);
  if (!roles.some((r) => allowed.includes(r))) throw forbidden(NOT_OPERATOR_MESSAGE);
  return { address, roles, chainId, deployment };
}
