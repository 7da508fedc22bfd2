import { buildKycChallengeMessage } from "@lending/sdk";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import {
  consumeSignature,
  releaseSignature,
  verifySignedRequest,
} from "@/server/services/signatures";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    address: addressSchema,
    signature: signatureSchema,
    timestamp: timestampMsSchema,
    isIndividual: z.boolean(),
  })
  .strict();

/** POST /api/kyc-challenge: a signed request opens a verification; answers {widgetUrl, sessionId}. */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body);
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const message = buildKycChallengeMessage({ ...b, chainId: serverConfig().chainId });
  await verifySignedRequest(db, {
    address: b.address,
    message,
    signature: b.signature,
    timestamp: b.timestamp,
  });
  // used first (a replay opens no session), released again when the provider fails (503): the
  // same signed body can then be sent again
  const used = { address: b.address, message, purpose: "kyc-challenge" };
  await consumeSignature(db, used);
  try {
    return await (await kycProvider()).startVerification(b);
  } catch (error) {
    await releaseSignature(db, used);
    throw error;
  }
});
