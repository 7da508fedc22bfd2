import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { emailSchema } from "@/server/http/schemas";
import { notAllowed } from "@/server/http/methods";
import { requestLoginCode } from "@/server/services/email-login";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z.object({ email: emailSchema }).strict();

/**
 * POST /api/auth/email/code {email}: mails a 6-digit sign-in code (10 minutes; limits per
 * requesting IP, per address and in all: 429 with Retry-After, see services/email-login.ts).
 * Answers {email, expiresAt}, the same for a new and a known address.
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  assertSameOrigin(request, siteOf(request, config));
  const b = await readJson(request, body);
  const db = await database();
  const ip = clientIp(request);
  await enforceRateLimit(db, [`ip:${ip}`]);
  return requestLoginCode(db, { email: b.email, ip, appName: config.appName, mail: config.mail });
});
