import { z } from "zod";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema, signatureSchema } from "@/server/http/schemas";
import { depositTransfers, firstDepositsOf } from "@/server/services/deposits";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { kycProvider } from "@/server/services/kyc";
import { applyReferral, cachedDepositCheck, referralMessage } from "@/server/services/referrals";
import { isOwnerSession, siteOf } from "@/server/services/sessions";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");

/** POST's check: the chain afresh (a referral is written only for a user with no deposit). */
const hasDeposited = async (chainId: number, user: Address) =>
  (await depositTransfers(chainClient(), chainId, user)).length > 0;

/**
 * GET /api/referral?chainId&userAddress&referralCode: the message to sign, or {error}. 'Reference
 * already exists' and 'Circular referral' only to the owner's session (else POST tells it after
 * the owner signed); an unverified referrer or user to anyone (the KYC status is public).
 */
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
  const chainId = servedChainId(q.chainId);
  const db = await database();
  const ownerSession = await isOwnerSession(
    db,
    request,
    siteOf(request, serverConfig()),
    q.userAddress,
  );
  // from the first_deposits cache: "none yet" is believed for NO_DEPOSIT_TTL_MS (30 s default)
  const deposits = cachedDepositCheck(
    db,
    (chainId, users) => firstDepositsOf(chainClient(), chainId, users),
    serverConfig().noDepositTtlMs,
  );
  return referralMessage(db, deposits, await kycProvider(), {
    chainId,
    owner: q.userAddress,
    referrer: q.referralCode,
    ownerSession,
  });
});

/**
 * POST /api/referral?chainId {owner, signature, refferer}: {isValid: true} or {error}: both
 * verified, different people (KYC identity), no cycle (issue 24).
 */
export const POST = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ chainId: chainIdSchema.optional() }).strict());
  const chainId = servedChainId(q.chainId);
  const b = await readJson(
    request,
    z
      .object({ owner: addressSchema, signature: signatureSchema, refferer: addressSchema })
      .strict(),
  );
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return applyReferral(db, hasDeposited, await kycProvider(), {
    chainId,
    owner: b.owner,
    referrer: b.refferer,
    signature: b.signature,
  });
});
