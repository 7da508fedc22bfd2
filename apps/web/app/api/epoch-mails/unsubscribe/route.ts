import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { badRequest } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { setEpochMails, verifyUnsubscribeToken } from "@/server/services/epoch-mails";
import { enforceRateLimit } from "@/server/services/rate-limit";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z.object({ token: z.string().min(1).max(200) }).strict();

/** The one message for every refused token: it says nothing about which part was wrong. */
const INVALID_UNSUBSCRIBE_TOKEN = "Invalid unsubscribe link";

/**
 * POST /api/epoch-mails/unsubscribe {token}: the link of an epoch mail (no sign-in): turns epoch
 * mails off for the address the token was signed for, and nothing else. A token only unsubscribes
 * (single purpose); a bad or forged one is a 400 that changes nothing. POST budget per IP.
 */
export const POST = apiHandler(async (request) => {
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const config = serverConfig();
  const secret = config.mail.linkSecret;
  const owner = secret ? verifyUnsubscribeToken(secret, config.chainId, b.token) : null;
  if (!owner) throw badRequest(INVALID_UNSUBSCRIBE_TOKEN);
  await setEpochMails(db, owner, false);
  return { unsubscribed: true };
});
