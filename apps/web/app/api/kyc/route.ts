import { z } from "zod";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema } from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";

export const dynamic = "force-dynamic";

/** GET /api/kyc?userAddress: {status, ...customer info}. */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ userAddress: addressSchema }).strict());
  return (await kycProvider()).getCustomer(q.userAddress);
});
