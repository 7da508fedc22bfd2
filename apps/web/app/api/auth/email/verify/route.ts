import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { emailSchema } from "@/server/http/schemas";
import { notAllowed } from "@/server/http/methods";
import { accountForEmail, accountView, openAccountSession } from "@/server/services/accounts";
import { verifyLoginCode } from "@/server/services/email-login";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, sessionCookie, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    email: emailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "must be the 6-digit code from the email"),
  })
  .strict();

/**
 * POST /api/auth/email/verify {email, code}: a right code opens an account session (a new
 * http-only cookie; the browser's previous session ends) and answers {session, account}. The
 * account is the one whose email sign-in this address is (created at the first sign-in): never
 * a Google account with the same email (issue 24, item 1).
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  const ip = clientIp(request);
  await enforceRateLimit(db, [`ip:${ip}`]);
  const email = await verifyLoginCode(db, { ...b, ip });
  const accountId = await accountForEmail(db, email);
  const { token, session } = await openAccountSession(db, request, site, {
    accountId,
    kind: "email",
    chainId: config.chainId,
  });
  return Response.json(
    { session, account: await accountView(db, accountId, session) },
    { headers: { "cache-control": "no-store", "set-cookie": sessionCookie(site, token) } },
  );
});
