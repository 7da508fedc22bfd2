import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { confirmEmailCode } from "@/server/services/email-confirmation";
import { kycProvider, ownerKycInfo } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    address: addressSchema,
    email: z
      .email()
      .max(200)
      .transform((v) => v.trim().toLowerCase()),
    code: z.string().regex(/^\d{6}$/, "must be the 6-digit code from the email"),
    signature: signatureSchema,
    timestamp: timestampMsSchema,
  })
  .strict();

/**
 * POST /api/email-challenge/confirm: the mailed code and a signed confirmation set the email
 * ("No Email" becomes "Active"). Answers the KYC info.
 */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body);
  const config = serverConfig();
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return ownerKycInfo(
    await confirmEmailCode(db, await kycProvider(config), { ...b, chainId: config.chainId }),
  );
});
