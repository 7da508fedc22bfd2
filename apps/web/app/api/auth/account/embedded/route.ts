import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import {
  accountView,
  registerEmbeddedWallet,
  requireAccountSession,
} from "@/server/services/accounts";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({ address: addressSchema, signature: signatureSchema, timestamp: timestampMsSchema })
  .strict();

/**
 * POST /api/auth/account/embedded {address, signature, timestamp}: registers the account's
 * embedded wallet, created in the browser; its key signs buildEmbeddedWalletMessage. It becomes
 * the active wallet. Answers {account}. 409 when the account already has one.
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { accountId } = await requireAccountSession(db, request, site);
  await registerEmbeddedWallet(db, request, site, { ...b, accountId, chainId: config.chainId });
  const { session } = await requireAccountSession(db, request, site);
  return { account: await accountView(db, accountId, session) };
});
