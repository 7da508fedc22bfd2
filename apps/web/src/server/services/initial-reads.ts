import { readEpochTimes, readPools, type EpochTimes, type Pool } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { serverConfig, type ServerConfig } from "@/config/server";
import type { InitialData } from "@/lib/queries/chain";
import { chainClient } from "../context";

/** A page never waits longer than this for a chain read; the browser then reads it itself. */
export const INITIAL_READ_TIMEOUT_MS = 2_000;

async function initialRead<T>(
  what: string,
  config: ServerConfig,
  read: () => Promise<T>,
): Promise<InitialData<T> | undefined> {
  if (!hasDeployment(config.chainId)) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const data = await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${INITIAL_READ_TIMEOUT_MS} ms`)),
          INITIAL_READ_TIMEOUT_MS,
        );
      }),
    ]);
    return { data, fetchedAt: Date.now() };
  } catch (error) {
    console.warn(`[render] ${what} not read on the server (the browser will):`, error);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The pools of /lending, read on the server so the first visit renders them without loading
 * the SDK's chain reads (viem actions, ABIs) in the browser; undefined when the RPC fails.
 */
export function initialPools(config: ServerConfig = serverConfig()) {
  return initialRead<Pool[]>("pools", config, () =>
    readPools(chainClient(config), getDeployment(config.chainId)),
  );
}

/** The clearing banner's epoch times, read on the server (see {@link initialPools}). */
export function initialEpochTimes(config: ServerConfig = serverConfig()) {
  return initialRead<EpochTimes>("epoch times", config, () =>
    readEpochTimes(chainClient(config), getDeployment(config.chainId)),
  );
}
