import { createPublicClient, http, type Chain, type PublicClient } from "viem";
import { base, baseSepolia, foundry } from "viem/chains";
import { serverConfig, type ServerConfig } from "@/config/server";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { migrateDatabase } from "./db/migrate";

/** Shared per server process (and across Next's module reloads in development). */
const state = globalThis as typeof globalThis & {
  __lendingDb?: { key: string; handle: Promise<DatabaseHandle> };
  __lendingChain?: { key: string; client: PublicClient };
};

export function chainOf(chainId: number): Chain {
  if (chainId === base.id) return base;
  if (chainId === baseSepolia.id) return baseSepolia;
  return { ...foundry, id: chainId };
}

/** The database of this process: Postgres when DATABASE_URL is set, else PGlite. */
export async function database(config: ServerConfig = serverConfig()): Promise<Database> {
  const key = config.databaseUrl ?? config.pgliteDir;
  if (state.__lendingDb?.key !== key) {
    const handle = openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : config.pgliteDir,
      env: {
        DATABASE_POOL_SIZE: String(config.databasePoolSize),
        DATABASE_CONNECT_TIMEOUT_MS: String(config.databaseConnectTimeoutMs),
        DATABASE_QUERY_TIMEOUT_MS: String(config.databaseQueryTimeoutMs),
      },
    }).then(async (h) => {
      // An in-memory database starts empty: migrate it. Folders and servers are migrated by
      // `npm start` / the deploy, not by every web server racing at boot.
      if (h.location.startsWith("memory://")) await migrateDatabase(h);
      return h;
    });
    state.__lendingDb = { key, handle };
  }
  return (await state.__lendingDb.handle).db;
}

/** Tests: serve requests from this (already migrated) database. */
export function serveDatabase(handle: DatabaseHandle): void {
  state.__lendingDb = {
    key: serverConfig().databaseUrl ?? serverConfig().pgliteDir,
    handle: Promise.resolve(handle),
  };
}

/** A viem public client for CHAIN_ID over RPC_URL (signature checks, chain reads). */
export function chainClient(config: ServerConfig = serverConfig()): PublicClient {
  const key = `${config.chainId}:${config.rpcUrl}`;
  if (state.__lendingChain?.key !== key) {
    const client = createPublicClient({
      chain: chainOf(config.chainId),
      transport: http(config.rpcUrl, { retryCount: 1, timeout: 10_000 }),
    }) as PublicClient;
    state.__lendingChain = { key, client };
  }
  return state.__lendingChain.client;
}
