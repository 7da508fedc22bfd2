import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { requestEmailCode } from "@/server/services/email-confirmation";
import { kycProvider } from "@/server/services/kyc";
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
    signature: signatureSchema,
    timestamp: timestampMsSchema,
  })
  .strict();

/**
 * POST /api/email-challenge: a signed request mails a 6-digit confirmation code to the new
 * address (10 minutes; at most 3 per wallet in 15 minutes, 30 per IP in an hour; other wallets
 * never block a wallet's first 3 codes of the hour for an address). The email changes
 * only at POST /api/email-challenge/confirm. Answers {address, email, expiresAt}.
 */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body);
  const config = serverConfig();
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  const ip = clientIp(request);
  await enforceRateLimit(db, [`ip:${ip}`]);
  return requestEmailCode(db, await kycProvider(config), {
    ...b,
    ip,
    chainId: config.chainId,
    appName: config.appName,
    mail: config.mail,
  });
});
