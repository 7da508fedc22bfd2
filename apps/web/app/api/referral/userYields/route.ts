import { z } from "zod";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { depositTransfers } from "@/server/services/deposits";
import { referralYields } from "@/server/services/referrals";

export const dynamic = "force-dynamic";

/** GET /api/referral/userYields?userAddress&chainId: the referrer's referred users and yields. */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z.object({ chainId: chainIdSchema.optional(), userAddress: addressSchema }).strict(),
  );
  return referralYields(
    await database(),
    (chainId: number, user: Address) => depositTransfers(chainClient(), chainId, user),
    { chainId: q.chainId ?? serverConfig().chainId, referrer: q.userAddress },
  );
});
