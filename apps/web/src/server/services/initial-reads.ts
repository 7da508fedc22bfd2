import { readEpochTimes, readPools, type EpochTimes, type Pool } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { serverConfig, type ServerConfig } from "@/config/server";
import type { InitialData } from "@/lib/queries/chain";
import { chainClient, database } from "../context";
import { poolNotices } from "./losses";

/** A page never waits longer than this for a chain read; the browser then reads it itself. */
export const INITIAL_READ_TIMEOUT_MS = 2_000;

/**
 * Chain reads of public pages are shared by every render for this long (about one Base block):
 * a busy /lending costs the RPC one read every 2 s, not one per visitor (issue 25).
 */
export const CHAIN_READ_TTL_MS = 2_000;

/**
 * Past the TTL, a read younger than this is still served while a new one runs in the background
 * (the browser reads again once it is older than its own staleTime); older ones are waited for.
 */
export const CHAIN_READ_MAX_STALE_MS = 10_000;

interface CacheEntry {
  result: InitialData<unknown> | undefined;
  /** when `result` was read (Date.now()); 0 before the first read */
  at: number;
  pending?: Promise<InitialData<unknown> | undefined>;
}

/** In-process and per server: nothing another replica would need (each keeps its own). */
const cache = new Map<string, CacheEntry>();

/** Forgets every cached read (tests). */
export function clearInitialReadCache(): void {
  cache.clear();
}

function cachedRead<T>(
  what: string,
  config: ServerConfig,
  read: () => Promise<T>,
): Promise<InitialData<T> | undefined> {
  const key = `${what}|${config.chainId}|${config.rpcUrl}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = { result: undefined, at: 0 };
    cache.set(key, entry);
  }
  const age = Date.now() - entry.at;
  const current = entry.result as InitialData<T> | undefined;
  if (entry.at > 0 && age < CHAIN_READ_TTL_MS) return Promise.resolve(current);
  if (!entry.pending) {
    const e = entry;
    e.pending = initialRead(what, config, read).then((result) => {
      e.result = result;
      e.at = Date.now();
      e.pending = undefined;
      return result;
    });
  }
  if (current && age < CHAIN_READ_MAX_STALE_MS) return Promise.resolve(current);
  return entry.pending as Promise<InitialData<T> | undefined>;
}

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
 * Shared by the renders of {@link CHAIN_READ_TTL_MS} (a failure too: a dead RPC is asked once).
 */
export function initialPools(config: ServerConfig = serverConfig()) {
  return cachedRead<Pool[]>("pools", config, () =>
    readPools(chainClient(config), getDeployment(config.chainId)),
  );
}

/** The clearing banner's epoch times, read on the server (see {@link initialPools}). */
export function initialEpochTimes(config: ServerConfig = serverConfig()) {
  return cachedRead<EpochTimes>("epoch times", config, () =>
    readEpochTimes(chainClient(config), getDeployment(config.chainId)),
  );
}

/**
 * The ids of the pools with an open incident or a reported loss, for /lending's cards (each
 * such card loads its notice, which reads the notices itself and keeps them fresh); read on
 * every render, not shared, so a reported loss shows on the next visit. Empty when the indexer
 * does not answer in {@link INITIAL_READ_TIMEOUT_MS}: the cards show no notice until it does.
 */
export async function poolsWithNotice(
  config: ServerConfig = serverConfig(),
): Promise<ReadonlySet<string>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const read = async () => {
      const db = await database(config).catch(() => undefined);
      const { items } = await poolNotices(db, config.chainId);
      return items.filter((n) => n.openIncident || n.latestLoss).map((n) => n.poolId);
    };
    const ids = await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${INITIAL_READ_TIMEOUT_MS} ms`)),
          INITIAL_READ_TIMEOUT_MS,
        );
      }),
    ]);
    return new Set(ids);
  } catch (error) {
    console.warn("[render] pool notices not read (the cards show none):", error);
    return new Set();
  } finally {
    clearTimeout(timer);
  }
}
