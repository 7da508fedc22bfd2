"use server";

import { z } from "zod";
import { serverConfig } from "@/config/server";
import { enforceActionRateLimit } from "../http/action-limit";
import { HttpError, toActionError } from "../http/errors";
import { describeZodError } from "../http/handler";
import { addressSchema, chainIdSchema } from "../http/schemas";
import { NATIVE_TOKEN, SwapQuoteError, swapQuoter } from "../swap";

const input = z
  .object({
    chainId: chainIdSchema,
    fromToken: addressSchema,
    toToken: addressSchema,
    fromAmount: z
      .union([z.string().regex(/^[1-9]\d{0,77}$/), z.bigint().positive()])
      .transform(BigInt),
  })
  .strict();

/** Server action "swap quote": the destination amount for a source amount, or {error, message}. */
export async function getSwapQuote(
  request: z.input<typeof input>,
): Promise<{ dstAmount: string } | { error: string; message: string }> {
  try {
    // the client IP's POST rate limit first: each quote costs an aggregator call
    await enforceActionRateLimit();
  } catch (error) {
    return toActionError(error, "swap quote", "No quote is available: try again later");
  }
  const parsed = input.safeParse(request);
  if (!parsed.success) return { error: "Invalid request", message: describeZodError(parsed.error) };
  try {
    const { dstAmount } = await swapQuoter(serverConfig()).quote({
      ...parsed.data,
      // a quote only: any sender will do
      user: NATIVE_TOKEN,
      slippage: 1,
    });
    return { dstAmount };
  } catch (error) {
    if (error instanceof SwapQuoteError || error instanceof HttpError) {
      return { error: "Swap quote failed", message: error.message };
    }
    console.error("[action] swap quote failed:", error);
    return { error: "Internal error", message: "No quote is available: try again later" };
  }
}
