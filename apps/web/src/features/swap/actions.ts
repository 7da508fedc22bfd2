"use server";

import { aggregatorSwapTokens } from "@lending/sdk";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient } from "@/server/context";
import { NATIVE_TOKEN } from "@/server/swap";
import { routerAbi } from "@/server/swap/local-amm";

/** A token a deposit can be paid with (swapped to USDC before the deposit). */
export type SwapToken = { symbol: string; address: Address; decimals: number };

/**
 * Server action: the swap tokens that have an address on this server's chain, and the spender to
 * approve for an ERC-20 source (the router). Locally (Uniswap V2 at LOCAL_AMM_ROUTER) these are
 * ETH and WETH; through an aggregator, the chain's token list of spec section 3 but USDC (SDK
 * `aggregatorSwapTokens` over `supportedTokens`: on Base ETH, WETH, AERO, BRETT, BENJI, DEGEN,
 * USDbC, wstETH, cbETH; the ERC-20s only with SWAP_SPENDER set); with no swap provider, none.
 */
export async function getSwapTokens(): Promise<{ tokens: SwapToken[]; spender: Address | null }> {
  const config = serverConfig();
  if (config.swap.provider === "aggregator") {
    const spender = config.swap.spender ?? null;
    return { tokens: aggregatorSwapTokens(config.chainId, spender), spender };
  }
  if (config.swap.provider !== "local" || !config.swap.router) return { tokens: [], spender: null };
  try {
    const weth = await chainClient(config).readContract({
      address: config.swap.router,
      abi: routerAbi,
      functionName: "WETH",
    });
    return {
      tokens: [
        { symbol: "ETH", address: NATIVE_TOKEN, decimals: 18 },
        { symbol: "WETH", address: weth, decimals: 18 },
      ],
      spender: config.swap.router,
    };
  } catch (error) {
    console.error("[action] swap tokens failed:", error);
    return { tokens: [], spender: null };
  }
}
