import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { signatureSchema } from "@/server/http/schemas";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, sessionCookie, signOut, siteOf } from "@/server/services/sessions";
import { signInWithEthereum } from "@/server/services/siwe";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    /** the EIP-4361 text the wallet signed */
    message: z.string().min(1).max(4_096),
    signature: signatureSchema,
  })
  .strict();

/**
 * POST /api/auth/siwe {message, signature}: checks the signed Sign-In with Ethereum message and
 * opens a session (http-only cookie); answers the session as GET /api/auth/session does.
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { token, session } = await signInWithEthereum(db, {
    message: b.message,
    signature: b.signature,
    site,
    chainId: config.chainId,
    afterVerify: async (address) => {
      await enforceRateLimit(db, [`address:${address}`]);
    },
  });
  // A new sign-in replaces the browser's previous session (no two live ids for one cookie jar).
  await signOut(db, request, site);
  return Response.json(
    { session },
    { headers: { "cache-control": "no-store", "set-cookie": sessionCookie(site, token) } },
  );
});
