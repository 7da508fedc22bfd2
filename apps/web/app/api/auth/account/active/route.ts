import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { accountView, requireAccountSession, setActiveWallet } from "@/server/services/accounts";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = notAllowed("PUT");

const body = z.object({ address: addressSchema }).strict();

/**
 * PUT /api/auth/account/active {address}: makes a wallet linked to the account the active one
 * (this session now speaks for it; the next sign-in starts with it). 403 for a wallet not linked.
 */
export const PUT = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { accountId } = await requireAccountSession(db, request, site);
  const session = await setActiveWallet(db, request, site, { accountId, address: b.address });
  return { session, account: await accountView(db, accountId, session) };
});
