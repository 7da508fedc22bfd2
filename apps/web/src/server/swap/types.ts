import { NATIVE_TOKEN_ADDRESS } from "@lending/sdk";
import type { Address, Hex } from "viem";

/** The native token as swap APIs name it (1inch convention). */
export const NATIVE_TOKEN: Address = NATIVE_TOKEN_ADDRESS;

export type SwapRequest = {
  chainId: number;
  fromToken: Address;
  toToken: Address;
  /** in the source token's smallest unit */
  fromAmount: bigint;
  /** who sends the transaction and receives the tokens */
  user: Address;
  /** percent as the spec sends it: 1 means 1% */
  slippage: number;
};

/** GET /api/getSwapData's answer: the quoted destination amount and the transaction to send. */
export type SwapData = { dstAmount: string; tx: { to: Address; data: Hex; value: string } };

/** A source of swap quotes and transactions: the local AMM, or an aggregator over HTTP. */
export interface SwapQuoter {
  readonly name: string;
  quote(request: SwapRequest): Promise<SwapData>;
}

export class SwapQuoteError extends Error {
  override name = "SwapQuoteError";
}
