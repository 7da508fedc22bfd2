import { normalizeEmail } from "@lending/sdk";
import type { Address } from "viem";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { HttpError, notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { localKycProvider, ownerKycInfo } from "@/server/services/kyc";
import { issueEmailCode } from "@/server/services/email-confirmation";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    session: z.string().regex(/^[0-9a-f]{48}$/, "must be a session token"),
    fullName: z.string().trim().min(2).max(120),
    email: z.union([z.email().max(200), z.literal("")]).optional(),
    isIndividual: z.boolean().optional(),
  })
  .strict();

/**
 * POST /api/kyc/local: the local provider's widget submits a session's identity. An email typed
 * in the widget stays unconfirmed (issue 24 item 7): it is not recorded, a confirmation code is
 * mailed to it (counted per wallet, per address and per IP like every code) and the email is the
 * lender's only once that code is confirmed (POST /api/email-challenge/confirm, the app's Add
 * email). Answers the KYC info with `pendingEmail` (the code was mailed) or `pendingEmailError`
 * (it was not: the verification stands, the email can be added later).
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  if (config.kyc.provider !== "local") throw notFound("The local identity provider is not in use");
  const b = await readJson(request, body);
  const db = await database();
  const ip = clientIp(request);
  await enforceRateLimit(db, [`ip:${ip}`]);
  const info = ownerKycInfo(await (await localKycProvider(config)).submit(b));
  const typed = b.email ? normalizeEmail(b.email) : "";
  if (!typed || typed === info.email || info.status === "Rejected") return info;
  try {
    await issueEmailCode(db, {
      address: info.address as Address,
      email: typed,
      ip,
      now: Date.now(),
      appName: config.appName,
      mail: config.mail,
    });
    return { ...info, pendingEmail: typed };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ...info, pendingEmailError: error.message };
  }
});
