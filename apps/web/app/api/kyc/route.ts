import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { ownerKycInfo, publicKycInfo } from "@/server/services/kyc/types";
import { isOwnerSession, siteOf } from "@/server/services/sessions";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/kyc?userAddress: `{address, status, provider}` to anyone (what the UI gates lending
 * on); the full record (entity type, full name, email) only to the wallet's own session.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ userAddress: addressSchema }).strict());
  const info = await (await kycProvider()).getCustomer(q.userAddress);
  const owner = await isOwnerSession(
    await database(),
    request,
    siteOf(request, serverConfig()),
    q.userAddress,
  );
  return owner ? ownerKycInfo(info) : publicKycInfo(info);
});
