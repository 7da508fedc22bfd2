import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import {
  readBackup,
  recoveryBackupSchema,
  requireAccountSession,
  storeBackup,
} from "@/server/services/accounts";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PATCH, DELETE, OPTIONS } = notAllowed("GET", "PUT");

/**
 * GET /api/auth/account/backup: the signed-in account's own recovery backup (ciphertext; the
 * account comes from the session, never from the request), within 10 minutes of the sign-in
 * (403 later). 404 when none was stored.
 */
export const GET = apiHandler(async (request) => {
  const db = await database();
  const { session, accountId } = await requireAccountSession(
    db,
    request,
    siteOf(request, serverConfig()),
  );
  return { backup: await readBackup(db, accountId, session) };
});

const body = z
  .object({
    backup: recoveryBackupSchema,
    signature: signatureSchema,
    timestamp: timestampMsSchema,
  })
  .strict();

/**
 * PUT /api/auth/account/backup {backup, signature, timestamp}: stores the recovery backup made in
 * the browser (Argon2id >= 64 MiB, AES-GCM); the embedded wallet signs its digest. Answers {ok}.
 */
export const PUT = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { accountId } = await requireAccountSession(db, request, site);
  await storeBackup(db, { ...b, accountId, chainId: config.chainId });
  return { ok: true };
});
