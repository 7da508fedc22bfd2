import { serverConfig, type ServerConfig } from "@/config/server";
import { chainClient } from "../context";
import { HttpError } from "../http/errors";
import { AggregatorQuoter, UniswapV2Quoter } from "./quoters";
import type { SwapQuoter } from "./types";

export * from "./types";

/** The configured quoter (SWAP_PROVIDER). */
export function swapQuoter(config: ServerConfig = serverConfig()): SwapQuoter {
  if (config.swap.provider === "aggregator") {
    return new AggregatorQuoter({ apiUrl: config.swap.apiUrl, apiKey: config.swap.apiKey });
  }
  if (!config.swap.router) {
    throw new HttpError(
      503,
      "Swaps are not available: no local AMM is deployed (LOCAL_AMM_ROUTER)",
    );
  }
  return new UniswapV2Quoter(chainClient(config), config.swap.router);
}
