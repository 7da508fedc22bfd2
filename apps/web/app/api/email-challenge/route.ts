import { buildEmailChallengeMessage } from "@lending/sdk";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { Mailer } from "@/server/services/mail";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { consumeSignature, verifySignedRequest } from "@/server/services/signatures";

export const dynamic = "force-dynamic";

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
 * POST /api/email-challenge: a signed request sets the email of a verified account, and a
 * confirmation goes to the new address. Answers the updated KYC info ("No Email" means failure).
 */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body);
  const config = serverConfig();
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const message = buildEmailChallengeMessage(b);
  await verifySignedRequest(db, {
    address: b.address,
    message,
    signature: b.signature,
    timestamp: b.timestamp,
  });
  await consumeSignature(db, { address: b.address, message, purpose: "email-challenge" });
  const info = await (await kycProvider(config)).updateEmail(b.address, b.email);
  await new Mailer(db, config.mail).send({
    to: b.email,
    subject: `${config.appName}: your email address is updated`,
    text:
      `The email address of the wallet ${b.address} is now ${b.email}.\n\n` +
      `Notifications (such as loan ticket decisions) will come from ${config.mail.from}.`,
  });
  return info;
});
