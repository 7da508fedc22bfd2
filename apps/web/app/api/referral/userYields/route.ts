import { z } from "zod";
import { chainClient, database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { firstDepositsOf } from "@/server/services/deposits";
import { referralYields, USER_YIELDS_MAX_PAGE_SIZE } from "@/server/services/referrals";

export const dynamic = "force-dynamic";

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/**
 * GET /api/referral/userYields?userAddress&chainId&page&pageSize: one page (1-based, at most 100
 * users, oldest first) of the referrer's referred users and yields, with the total.
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
  return referralYields(
    await database(),
    (chainId, users) => firstDepositsOf(chainClient(), chainId, users),
    {
      chainId: servedChainId(q.chainId),
      referrer: q.userAddress,
      page: q.page,
      pageSize: q.pageSize,
    },
  );
});
