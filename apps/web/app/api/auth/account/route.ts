import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { accountView, requireAccountSession } from "@/server/services/accounts";
import { siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/auth/account: the signed-in account (email or Google session only): {account: {id,
 * email, google, embeddedAddress, activeAddress, hasBackup, wallets, signedInAt, sessionKind}}.
 * 401 without an account session.
 */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const { session, accountId } = await requireAccountSession(
    db,
    request,
    siteOf(request, serverConfig()),
  );
  return { account: await accountView(db, accountId, session) };
});
