import { z } from "zod";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { depositTransfers } from "@/server/services/deposits";
import { referralYields } from "@/server/services/referrals";
import { requireWalletSession, siteOf } from "@/server/services/sessions";

export const dynamic = "force-dynamic";

/**
 * GET /api/referral/userYields?userAddress&chainId: the referrer's referred users and yields.
 * Personal: only to the referrer's own session (401 without one, 403 for another wallet).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z.object({ chainId: chainIdSchema.optional(), userAddress: addressSchema }).strict(),
  );
  const db = await database();
  await requireWalletSession(db, request, siteOf(request, serverConfig()), q.userAddress);
  return referralYields(
    db,
    (chainId: number, user: Address) => depositTransfers(chainClient(), chainId, user),
    { chainId: q.chainId ?? serverConfig().chainId, referrer: q.userAddress },
  );
});
