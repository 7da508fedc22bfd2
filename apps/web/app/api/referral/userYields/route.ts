import { z } from "zod";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { firstDepositsOf } from "@/server/services/deposits";
import { referralYields, USER_YIELDS_MAX_PAGE_SIZE } from "@/server/services/referrals";
import { requireWalletSession, siteOf } from "@/server/services/sessions";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/**
 * GET /api/referral/userYields?userAddress&chainId&page&pageSize: one page (1-based, at most 100
 * users, oldest first) of the referrer's referred users and yields, with the total.
 * Personal: only to the referrer's own session (401 without one, 403 for another wallet).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z
      .object({
        chainId: chainIdSchema.optional(),
        userAddress: addressSchema,
        page: positiveInt(1_000_000).optional(),
        pageSize: positiveInt(USER_YIELDS_MAX_PAGE_SIZE).optional(),
      })
      .strict(),
  );
  const chainId = servedChainId(q.chainId);
  const db = await database();
  await requireWalletSession(db, request, siteOf(request, serverConfig()), q.userAddress);
  return referralYields(db, (chainId, users) => firstDepositsOf(chainClient(), chainId, users), {
    chainId,
    referrer: q.userAddress,
    page: q.page,
    pageSize: q.pageSize,
    noDepositTtlMs: serverConfig().noDepositTtlMs,
  });
});
