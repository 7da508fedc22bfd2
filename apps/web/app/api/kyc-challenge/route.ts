import { buildKycChallengeMessage } from "@lending/sdk";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { consumeSignature, verifySignedRequest } from "@/server/services/signatures";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE } = notAllowed("POST");

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
  // the provider first: when it is down (503) the signature stays unused and can be sent again
  const session = await (await kycProvider()).startVerification(b);
  await consumeSignature(db, { address: b.address, message, purpose: "kyc-challenge" });
  return session;
});
