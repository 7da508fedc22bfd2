import { readEpochTimes, readPools, type EpochTimes, type Pool } from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { serverConfig, type ServerConfig } from "@/config/server";
import type { InitialData } from "@/lib/queries/chain";
import { chainClient, database } from "../context";
import { poolNotices } from "./losses";
import { ReadTimeoutError, withTimeout } from "./timeout";

/**
 * A page never waits longer than this for a chain read: it shows the error panel, which renders
 * the page again in a few seconds, and a read that answers late is kept for that render.
 */
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
  /** why the last read failed (`result` undefined), for the page's error panel */
  error?: ReadFailure;
}

/**
 * Why a server read failed, as the error panel's copy needs it (`loadErrorCopy`): the names and
 * short messages of the error and its causes, nothing else of the error (no stack, no URL).
 */
export interface ReadFailure {
  name?: string;
  shortMessage?: string;
  message?: string;
  cause?: ReadFailure;
}

/**
 * Addresses in an error's text (`https://rpc.example/v2/<key>`, `postgres://user:pass@host`, as
 * JSON escapes them too: `https:\/\/...`), each up to the next space (a password may hold any
 * other character): a configured RPC or database URL may carry a key, and the panel's copy ends
 * up in the page's HTML, which the page cache serves to every visitor.
 */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\\?\/\\?\/\S*/gi;

/**
 * Hosts in an error's text without a scheme, as a driver or Node's network errors name them
 * (`connect ECONNREFUSED 10.0.0.5:5432`, `getaddrinfo ENOTFOUND db.internal`,
 * `connect ECONNREFUSED ::1:8545`): the address a network error code is about, an IPv4 or IPv6
 * address (with its port), a host name with a port. An internal address says where the app's
 * database or RPC runs, which is no visitor's business either. The rest of the text (what
 * failed, the error code) stays: it is what the panel's detail is for.
 */
const HOST_IN_TEXT = new RegExp(
  [
    // the address a Node network error code names: `ECONNREFUSED <host>`, `ENOTFOUND <host>`
    String.raw`(?<=\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN)\s+)[\w[:][^\s,;)]*`,
    // IPv6 (a `::` in it, or all eight groups), bracketed or not, with its port if any
    String.raw`\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d+)?`,
    String.raw`(?<![\w:.])(?=[0-9a-f:.]*::)(?:[0-9a-f]{0,4}:){2,8}[0-9a-f.]*(?![\w:])`,
    String.raw`(?<![\w:.])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?::\d+)?(?![\w:])`,
    // IPv4, with its port if any
    String.raw`(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?!\w|\.\d)`,
    // a host name with a port (`db.internal:5432`, `localhost:8545`, `db:5432`): a letter in it
    String.raw`(?<![\w.-])(?=[\w.-]*[a-z])\w(?:[\w.-]*\w)?:\d{1,5}(?!\w|\.\d)`,
  ].join("|"),
  "gi",
);

/**
 * The {@link ReadFailure} of an error (its causes at most 5 deep), without any URL or host in its
 * text: "(url)", "(host)" stand in their place.
 */
export function failureOf(error: unknown, depth = 0): ReadFailure | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const e = error as { name?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown };
  const str = (v: unknown) =>
    typeof v === "string"
      ? // the first 2,000 characters only: the patterns' work stays bounded on a long message
        v
          .slice(0, 2_000)
          .replace(URL_IN_TEXT, "(url)")
          .replace(HOST_IN_TEXT, "(host)")
          .slice(0, 300)
      : undefined;
  return {
    name: str(e.name),
    shortMessage: str(e.shortMessage),
    // a viem message carries the request's URL and body: the short message is enough
    message: e.shortMessage ? undefined : str(e.message),
    cause: failureOf(e.cause, depth + 1),
  };
}

/**
 * In-process and per server: nothing another replica would need (each keeps its own). On
 * `globalThis`: Next loads this module once for the pages and once more for the route handlers
 * (separate module graphs), and the dev route must clear the pages' copy.
 */
const CACHE_KEY = Symbol.for("lending.initialReads");
const shared = globalThis as { [CACHE_KEY]?: Map<string, CacheEntry> };
const cache = (shared[CACHE_KEY] ??= new Map<string, CacheEntry>());

/** Forgets every cached read (tests; the dev route after the demo controls moved the chain). */
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
    const started = Date.now();
    e.pending = initialRead(what, config, read, (late) => {
      // a read that answered after the page stopped waiting: the next render (the error panel's
      // retry) serves it, unless a newer read came in meanwhile
      if (!e.result || e.result.fetchedAt < started) {
        e.result = late;
        e.error = undefined;
        e.at = Date.now();
      }
    }).then(({ result, error }) => {
      e.result = result;
      e.error = error;
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
  late: (result: InitialData<T>) => void,
): Promise<{ result?: InitialData<T>; error?: ReadFailure }> {
  if (!hasDeployment(config.chainId)) {
    return {
      error: {
        name: "DeploymentNotFoundError",
        message: `no deployment for chain ${config.chainId}`,
      },
    };
  }
  const reading = read();
  try {
    const data = await withTimeout(reading, INITIAL_READ_TIMEOUT_MS);
    return { result: { data, fetchedAt: Date.now() } };
  } catch (error) {
    console.warn(`[render] ${what} not read on the server:`, error);
    if (error instanceof ReadTimeoutError) {
      reading.then(
        (data) => late({ data, fetchedAt: Date.now() }),
        () => undefined,
      );
    }
    return { error: failureOf(error) };
  }
}

/**
 * Why the last read of `what` failed (undefined when it did not): the page's error panel says
 * which part failed (the contracts are not deployed, the RPC did not answer, another error).
 */
export function initialReadFailure(
  what: "pools" | "epoch times",
  config: ServerConfig = serverConfig(),
): ReadFailure | undefined {
  const entry = cache.get(`${what}|${config.chainId}|${config.rpcUrl}`);
  return entry && !entry.result ? entry.error : undefined;
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
 * every render, not shared, so a reported loss shows on the next visit or refresh (each open tab
 * renders the page once a minute: fewer reads than the 15 s notice query every card made
 * before). Empty when the indexer does not answer in {@link INITIAL_READ_TIMEOUT_MS}: the cards
 * show no notice until it does.
 */
export async function poolsWithNotice(
  config: ServerConfig = serverConfig(),
): Promise<ReadonlySet<string>> {
  try {
    const read = async () => {
      const db = await database(config).catch(() => undefined);
      const { items } = await poolNotices(db, config.chainId);
      return items.filter((n) => n.openIncident || n.latestLoss).map((n) => n.poolId);
    };
    return new Set(await withTimeout(read(), INITIAL_READ_TIMEOUT_MS));
  } catch (error) {
    console.warn("[render] pool notices not read (the cards show none):", error);
    return new Set();
  }
}
