import { z } from "zod";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { notFound } from "@/server/http/errors";
import { apiHandler, clientIp, readJson } from "@/server/http/handler";
import { localKycProvider, ownerKycInfo } from "@/server/services/kyc";
import { enforceRateLimit } from "@/server/services/rate-limit";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");

const body = z
  .object({
    session: z.string().regex(/^[0-9a-f]{48}$/, "must be a session token"),
    fullName: z.string().trim().min(2).max(120),
    email: z.union([z.email().max(200), z.literal("")]).optional(),
    isIndividual: z.boolean().optional(),
  })
  .strict();

/** POST /api/kyc/local: the local provider's widget submits a session's identity. */
export const POST = apiHandler(async (request) => {
  const config = serverConfig();
  if (config.kyc.provider !== "local") throw notFound("The local identity provider is not in use");
  const b = await readJson(request, body);
  await enforceRateLimit(await database(), [`ip:${clientIp(request)}`]);
  return ownerKycInfo(await (await localKycProvider(config)).submit(b));
});
