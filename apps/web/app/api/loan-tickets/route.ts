import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import {
  addressSchema,
  chainIdSchema,
  idSchema,
  signatureSchema,
  timestampMsSchema,
} from "@/server/http/schemas";
import { decideLoanTickets, listLoanTickets } from "@/server/services/loan-tickets";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

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

/** GET /api/loan-tickets?chainId&userAddress: the user's loan tickets with createdOn. */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z.object({ chainId: chainIdSchema.optional(), userAddress: addressSchema }).strict(),
  );
  return listLoanTickets(await database(), q.chainId ?? serverConfig().chainId, q.userAddress);
});

/** POST /api/loan-tickets?chainId: signed opt-in/opt-out decisions; answers the updated list. */
export const POST = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ chainId: chainIdSchema.optional() }).strict());
  const body = await readJson(request, postBody);
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return decideLoanTickets(db, {
    chainId: q.chainId ?? serverConfig().chainId,
    userID: body.userID,
    requests: body.payload,
    signature: body.signature,
    signatureTimestamp: body.signatureTimestamp,
  });
});
