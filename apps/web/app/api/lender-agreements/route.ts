import { z } from "zod";
import { serverConfig } from "@/config/server";
import { readPools } from "@lending/sdk";
import { getDeployment } from "@lending/sdk/deployments";
import { chainClient, database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, clientIp, readJson, readQuery } from "@/server/http/handler";
import {
  addressSchema,
  chainIdSchema,
  signatureSchema,
  timestampMsSchema,
  uintIdSchema,
  usdcAmountSchema,
} from "@/server/http/schemas";
import { kycProvider } from "@/server/services/kyc";
import { generateLenderAgreement } from "@/server/services/lender-agreements";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    address: addressSchema,
    signature: signatureSchema,
    timestamp: timestampMsSchema,
    depositAmount: z.union([z.string(), z.number()]).transform(String).pipe(usdcAmountSchema),
    poolId: uintIdSchema,
    trancheId: uintIdSchema,
    fixedTermConfigId: uintIdSchema,
  })
  .strict();

/**
 * POST /api/lender-agreements?chainId: generates and stores a signed request's loan contract for
 * a pool, tranche and APY (fixedTermConfigId 0: variable).
 */
export const POST = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ chainId: chainIdSchema.optional() }).strict());
  const chainId = servedChainId(q.chainId);
  const b = await readJson(request, body);
  const config = serverConfig();
  const db = await database();
  // the IP first; the address is counted once its signature is verified
  await enforceRateLimit(db, [`ip:${clientIp(request)}`]);
  return generateLenderAgreement(db, await kycProvider(config), {
    chainId,
    address: b.address,
    signature: b.signature,
    timestamp: b.timestamp,
    depositAmount: b.depositAmount,
    terms: { poolId: b.poolId, trancheId: b.trancheId, fixedTermConfigId: b.fixedTermConfigId },
    pools: () => readPools(chainClient(config), getDeployment(chainId)),
    appName: config.appName,
  });
});
