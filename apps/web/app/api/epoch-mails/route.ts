import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { epochMailsOn, setEpochMails } from "@/server/services/epoch-mails";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, requireWalletSession, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { PATCH, DELETE, OPTIONS } = notAllowed("GET", "PUT");

const body = z.object({ user: addressSchema, on: z.boolean() }).strict();

/**
 * GET /api/epoch-mails?user=0x..: whether the lender gets epoch mails ({ on }). The wallet's own
 * session only (401 without one, 403 for another wallet, a second wallet of the same person
 * included).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ user: addressSchema }).strict());
  const db = await database();
  await requireWalletSession(db, request, siteOf(request, serverConfig()), q.user);
  return { on: await epochMailsOn(db, q.user) };
});

/**
 * PUT /api/epoch-mails {user, on}: the portfolio's setting. Same origin, the wallet's own session,
 * POST budget per IP and per address (429 past it).
 */
export const PUT = apiHandler(async (request) => {
  const site = siteOf(request, serverConfig());
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  await requireWalletSession(db, request, site, b.user);
  await enforceRateLimit(db, [`epoch-mails:${b.user.toLowerCase()}`]);
  return { on: await setEpochMails(db, b.user, b.on) };
});
