import { buildKycChallengeMessage } from "@lending/sdk";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { consumeSignature, verifySignedMessage } from "@/server/services/signatures";

export const dynamic = "force-dynamic";

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
  await enforceRateLimit(db, [`ip:${clientIp(request)}`, `address:${b.address}`]);
  await verifySignedMessage({
    address: b.address,
    message: buildKycChallengeMessage({ ...b, chainId: serverConfig().chainId }),
    signature: b.signature,
    timestamp: b.timestamp,
  });
  await consumeSignature(db, {
    signature: b.signature,
    address: b.address,
    purpose: "kyc-challenge",
  });
  return (await kycProvider()).startVerification(b);
});
