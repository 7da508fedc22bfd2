import { fill, NATIVE_TOKEN_ADDRESS, slippageParam, tx } from "@lending/sdk";
import type { Address, Hex } from "viem";
import { ApiError, apiGet } from "@/lib/api";
import { getSwapQuote } from "@/server/actions/swap";

/** The native token as the swap API names it. */
export { NATIVE_TOKEN_ADDRESS };

export const isNativeToken = (address: Address) => address.toLowerCase() === NATIVE_TOKEN_ADDRESS;

/** The USDC a source amount is quoted at (server action getSwapQuote); throws with its message. */
export async function quoteSwap(args: {
  chainId: number;
  fromToken: Address;
  toToken: Address;
  fromAmount: bigint;
}): Promise<bigint> {
  const result = await getSwapQuote({ ...args, fromAmount: args.fromAmount.toString() });
  if ("error" in result) throw new Error(result.message);
  return BigInt(result.dstAmount);
}

/**
 * GET /api/getSwapData with the spec's slippage (sent as 1 for "0.01"). A failure raises an error
 * including the server's error text (spec section 8).
 */
export async function fetchSwapData(args: {
  chainId: number;
  fromToken: Address;
  toToken: Address;
  fromAmount: bigint;
  user: Address;
}): Promise<{ dstAmount: bigint; tx: { to: Address; data: Hex; value: bigint } }> {
  const params = new URLSearchParams({
    chainId: String(args.chainId),
    fromToken: args.fromToken,
    toToken: args.toToken,
    fromAmount: args.fromAmount.toString(),
    user: args.user,
    slippage: String(slippageParam()),
  });
  try {
    const data = await apiGet<{
      dstAmount: string;
      tx: { to: Address; data: Hex; value: string };
    }>(`/api/getSwapData?${params}`);
    return {
      dstAmount: BigInt(data.dstAmount),
      tx: { to: data.tx.to, data: data.tx.data, value: BigInt(data.tx.value || "0") },
    };
  } catch (error) {
    const text =
      error instanceof ApiError ? (error.error ?? error.message) : (error as Error).message;
    throw new Error(fill(tx.swapDataFailure, { error: text }));
  }
}
