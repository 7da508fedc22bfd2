import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema, signatureSchema, timestampMsSchema } from "@/server/http/schemas";
import {
  accountView,
  linkWallet,
  requireAccountSession,
  unlinkWallet,
} from "@/server/services/accounts";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { assertSameOrigin, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, OPTIONS } = notAllowed("POST", "DELETE");

const body = z
  .object({ address: addressSchema, signature: signatureSchema, timestamp: timestampMsSchema })
  .strict();

/**
 * POST /api/auth/account/wallets {address, signature, timestamp}: links a wallet to the signed-in
 * account; the wallet signs buildLinkWalletMessage (proof of ownership). Answers {account}.
 */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const b = await readJson(request, body);
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { session, accountId } = await requireAccountSession(db, request, site);
  await linkWallet(db, { ...b, accountId, chainId: config.chainId });
  return { account: await accountView(db, accountId, session) };
});

/**
 * DELETE /api/auth/account/wallets?address=0x...: unlinks a wallet (not the embedded one); the
 * account's sessions stop speaking for it (an active one falls back to the embedded wallet).
 * Answers {account}. 403 not linked, 409 the embedded wallet.
 */
export const DELETE = apiHandler(async (request) => {
  const config = serverConfig();
  const site = siteOf(request, config);
  assertSameOrigin(request, site);
  const { address } = readQuery(request, z.object({ address: addressSchema }).strict());
  const db = await database();
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  const { accountId } = await requireAccountSession(db, request, site);
  await unlinkWallet(db, { accountId, address });
  const { session } = await requireAccountSession(db, request, site);
  return { account: await accountView(db, accountId, session) };
});
