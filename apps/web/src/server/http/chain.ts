import { serverConfig } from "@/config/server";
import type { SupportedChainId } from "@/config/schema";
import { badRequest } from "./errors";

/**
 * The chain a request is served on: the server's CHAIN_ID. A request naming another chain (query
 * `chainId`, or a server action's `chain`) is a 400: its signature names that chain, and this
 * server neither verifies nor stores anything for it.
 */
export function servedChainId(
  requested: number | undefined,
  served: SupportedChainId = serverConfig().chainId,
): SupportedChainId {
  if (requested !== undefined && requested !== served) {
    throw badRequest(`chainId: this server serves chain ${served}, not ${requested}`);
  }
  return served;
}
