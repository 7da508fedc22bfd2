import { chainTokens, type ChainToken } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import type { Address } from "viem";
import { serverConfig, type ServerConfig } from "@/config/server";
import { chainClient } from "../context";
import { routerAbi } from "../swap/local-amm";
import { INITIAL_READ_TIMEOUT_MS } from "./initial-reads";
import { withTimeout } from "./timeout";

/** WETH by local AMM router (a router's WETH never changes). */
const wethByRouter = new Map<string, Address>();

/**
 * The supported tokens of this server's chain with their addresses (SDK `chainTokens`): USDC is
 * the deployment's; on the local chain WETH is the local AMM's (read once from its router, left
 * out while the router cannot be read).
 */
export async function walletTokens(config: ServerConfig = serverConfig()): Promise<ChainToken[]> {
  const usdc = hasDeployment(config.chainId) ? getDeployment(config.chainId).usdc : undefined;
  const router = config.swap.provider === "local" ? config.swap.router : undefined;
  let weth = router ? wethByRouter.get(router) : undefined;
  if (router && !weth) {
    try {
      // a page never waits long on the RPC: without an answer WETH is left out of this render
      weth = await withTimeout(
        chainClient(config).readContract({ address: router, abi: routerAbi, functionName: "WETH" }),
        INITIAL_READ_TIMEOUT_MS,
      );
      wethByRouter.set(router, weth);
    } catch (error) {
      const reason =
        error instanceof Error
          ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
          : String(error);
      console.warn(`[wallet-balance] the local AMM's WETH could not be read: ${reason}`);
    }
  }
  return chainTokens(config.chainId, { usdc, weth });
}
