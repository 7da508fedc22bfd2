import { z } from "zod";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema, signatureSchema } from "@/server/http/schemas";
import { depositTransfers } from "@/server/services/deposits";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { applyReferral, referralMessage } from "@/server/services/referrals";

export const dynamic = "force-dynamic";

const deposits = (chainId: number, user: Address) => depositTransfers(chainClient(), chainId, user);

/** GET /api/referral?chainId&userAddress&referralCode: the message to sign, or {error}. */
export const GET = apiHandler(async (request) => {
  const q = readQuery(
    request,
    z
      .object({
        chainId: chainIdSchema.optional(),
        userAddress: addressSchema,
        referralCode: addressSchema,
      })
      .strict(),
  );
  return referralMessage(await database(), deposits, {
    chainId: q.chainId ?? serverConfig().chainId,
    owner: q.userAddress,
    referrer: q.referralCode,
  });
});

/** POST /api/referral?chainId {owner, signature, refferer}: {isValid: true} or {error}. */
export const POST = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ chainId: chainIdSchema.optional() }).strict());
  const b = await readJson(
    request,
    z
      .object({ owner: addressSchema, signature: signatureSchema, refferer: addressSchema })
      .strict(),
  );
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return applyReferral(db, deposits, {
    chainId: q.chainId ?? serverConfig().chainId,
    owner: b.owner,
    referrer: b.refferer,
    signature: b.signature,
  });
});
