/**
 * The one guard of every local-only surface: the dev outbox (/dev/outbox), the demo controls'
 * routes (/api/dev/*, every method) and the dev panel the layout offers. They exist only when the
 * server is configured for chain 31337 AND its RPC really is a local anvil
 * ({@link demoControlsOffered}: `eth_chainId` and `web3_clientVersion`, asked once per RPC URL).
 * A production server that forgot CHAIN_ID (which defaults to 31337) talks to a real chain and
 * gets none of them: a 404, as if they did not exist.
 */
import { serverConfig, type ServerConfig } from "@/config/server";
import { notFound } from "@/server/http/errors";
import { demoControlsOffered } from "./demo-controls";

/** Whether the local-only pages and routes exist on this server (the strict real-anvil check). */
export function localOnlyAvailable(config: ServerConfig = serverConfig()): Promise<boolean> {
  return demoControlsOffered({ rpcUrl: config.rpcUrl, chainId: config.chainId });
}

/** For API routes: a JSON 404 unless {@link localOnlyAvailable}. */
export async function requireLocalOnly(config: ServerConfig = serverConfig()): Promise<void> {
  if (!(await localOnlyAvailable(config))) throw notFound("No API endpoint here");
}
