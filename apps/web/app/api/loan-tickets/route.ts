import { z } from "zod";
import { serverConfig } from "@/config/server";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { chainClient, database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import {
  addressSchema,
  chainIdSchema,
  idSchema,
  signatureSchema,
  timestampMsSchema,
} from "@/server/http/schemas";
import {
  chainExposureReader,
  decideLoanTickets,
  listLoanTickets,
  type ExposureReader,
} from "@/server/services/loan-tickets";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { requireWalletSession, siteOf } from "@/server/services/sessions";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** The lender's exposure to each pending ticket's loan, read from the served chain. */
function exposureReader(chainId: number): ExposureReader | undefined {
  if (!hasDeployment(chainId)) return undefined;
  return chainExposureReader(chainClient(), getDeployment(chainId));
}

/** Other methods: JSON 405 with an Allow header. */
export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");

const decision = z
  .object({
    endBorrowerID: idSchema,
    poolID: idSchema,
    trancheID: idSchema,
    status: z.enum(["optedIn", "optedOut"]),
  })
  .strict();

const postBody = z
  .object({
    userID: addressSchema,
    /** one decision, or a list of them (all signed in one message) */
    payload: z.union([decision.transform((d) => [d]), z.array(decision).min(1).max(50)]),
    signature: signatureSchema,
    signatureTimestamp: timestampMsSchema,
  })
  .strict();

/**
 * GET /api/loan-tickets?chainId&userAddress: the user's loan tickets with createdOn and their
 * decisions. Personal: only to the wallet's own session (401 without one, 403 for another wallet).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z.object({ chainId: chainIdSchema.optional(), userAddress: addressSchema }).strict(),
  );
  const chainId = servedChainId(q.chainId);
  const db = await database();
  await requireWalletSession(db, request, siteOf(request, serverConfig()), q.userAddress);
  return listLoanTickets(db, chainId, q.userAddress, Date.now(), exposureReader(chainId));
});

/** POST /api/loan-tickets?chainId: signed opt-in/opt-out decisions; answers the updated list. */
export const POST = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ chainId: chainIdSchema.optional() }).strict());
  const chainId = servedChainId(q.chainId);
  const body = await readJson(request, postBody);
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return decideLoanTickets(db, {
    chainId,
    userID: body.userID,
    requests: body.payload,
    signature: body.signature,
    signatureTimestamp: body.signatureTimestamp,
    exposureOf: exposureReader(chainId),
  });
});
