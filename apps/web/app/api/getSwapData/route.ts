import { zeroAddress } from "viem";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import { badRequest, HttpError } from "@/server/http/errors";
import { apiHandler, readQuery } from "@/server/http/handler";
import { addressSchema, chainIdSchema } from "@/server/http/schemas";
import { SwapQuoteError, swapQuoter } from "@/server/swap";
import { notAllowed } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

const swapQuery = z
  .object({
    chainId: chainIdSchema.optional(),
    fromToken: addressSchema,
    toToken: addressSchema,
    fromAmount: z
      .string()
      .regex(/^[1-9]\d{0,77}$/, "must be a positive integer in the token's smallest unit")
      .transform(BigInt),
    user: addressSchema.refine((a) => a !== zeroAddress, "must not be the zero address"),
    /** percent (1 = 1%), as the spec sends it */
    slippage: z
      .string()
      .regex(/^\d{1,2}(\.\d{1,4})?$/, "must be a percent between 0 and 50")
      .transform(Number)
      .refine((n) => n <= 50, "must be a percent between 0 and 50"),
  })
  .strict();

/** GET /api/getSwapData: {dstAmount, tx{to, data, value}} or {error}. */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, swapQuery);
  const chainId = q.chainId ?? serverConfig().chainId;
  if (chainId !== serverConfig().chainId)
    throw badRequest(`chainId: this server serves chain ${serverConfig().chainId}`);
  try {
    return await swapQuoter().quote({ ...q, chainId });
  } catch (error) {
    if (error instanceof SwapQuoteError)
      throw new HttpError(422, error.message, { error: error.message });
    throw error;
  }
});
