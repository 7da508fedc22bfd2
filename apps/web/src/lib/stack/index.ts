"use client";

/**
 * The wallet stack's hooks for components a visitor's page renders: until the stack is loaded
 * (./store) they answer as wagmi and TanStack Query would for a browser with no wallet and no
 * fetch yet: disconnected, the server-rendered data, no client reads. Once it is loaded they
 * answer from wagmi's config and TanStack Query's client, which the page's providers (their
 * contexts, around the page from the start) then hold. Each hook calls the same React hooks
 * before and after, so the page stays mounted when the stack loads: what was typed, an open
 * dialog and the scroll position survive it.
 *
 * Modules only a connected wallet reaches (modals, watchers, the dev panel) import wagmi and
 * TanStack Query directly: they load with the stack.
 */
import type * as Query from "@tanstack/react-query";
// the two providers' contexts only (a few bytes): they are around the page from the start, so
// loading the stack fills them instead of mounting the page again under new providers
import { QueryClientContext } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import type * as Wagmi from "wagmi";
import { WagmiContext } from "wagmi";
import { requestStack, type LiveStack } from "./store";

export { requestStack } from "./store";
export { QueryClientContext, WagmiContext };

export const StackContext = createContext<LiveStack | null>(null);

/** The loaded wallet stack, or null on a visitor's page before it loads. */
export function useLiveStack(): LiveStack | null {
  return useContext(StackContext);
}

// TanStack Query's own definitions of these two are exactly this (identity functions).
export const queryOptions = ((options: unknown) => options) as typeof Query.queryOptions;
export const keepPreviousData = (<T>(previousData: T) =>
  previousData) as typeof Query.keepPreviousData;

interface LooseOptions {
  queryKey?: readonly unknown[];
  queryFn?: unknown;
  enabled?: unknown;
  initialData?: unknown;
  initialDataUpdatedAt?: unknown;
  select?: (data: unknown) => unknown;
  refetchInterval?: unknown;
  meta?: Record<string, unknown>;
}

/**
 * A read a visitor's page may do without the wallet stack: one that needs neither a wallet nor
 * a chain client (the app's own API: the indexer's lag, the pools' notices). A query says so
 * with `meta: VISITOR_READ`; before the stack loads it is fetched here (one fetch per key at a
 * time, polled at its numeric `refetchInterval`), and its data is the stack's query's start.
 */
export const VISITOR_READ = { visitorRead: true } as const;

interface VisitorRead {
  data: unknown;
  error: unknown;
  at: number;
  users: number;
  inflight?: Promise<void>;
  timer?: ReturnType<typeof setInterval>;
  listeners: Set<() => void>;
}

const visitorReads = new Map<string, VisitorRead>();
const keyOf = (key: readonly unknown[] | undefined) =>
  JSON.stringify(key ?? [], (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

function visitorRead(hash: string): VisitorRead {
  let read = visitorReads.get(hash);
  if (!read) {
    read = { data: undefined, error: null, at: 0, users: 0, listeners: new Set() };
    visitorReads.set(hash, read);
  }
  return read;
}

function fetchVisitorRead(read: VisitorRead, queryFn: () => Promise<unknown>): void {
  read.inflight ??= queryFn()
    .then(
      (data) => {
        read.data = data;
        read.error = null;
        read.at = Date.now();
      },
      (error: unknown) => {
        read.error = error;
      },
    )
    .finally(() => {
      read.inflight = undefined;
      for (const l of read.listeners) l();
    });
}

/** The data of the visitor's reads (for tests and for the stack's queries to start from). */
export function visitorReadData(queryKey: readonly unknown[]): unknown {
  return visitorReads.get(keyOf(queryKey))?.data;
}

/** Test hook: forget every visitor read. */
export function resetVisitorReadsForTests(): void {
  for (const read of visitorReads.values()) clearInterval(read.timer);
  visitorReads.clear();
}

function visitorSubscribe(hash: string, listener: () => void): () => void {
  const read = visitorRead(hash);
  read.listeners.add(listener);
  return () => read.listeners.delete(listener);
}

const NO_READ = "";
const noopSubscribe = () => () => {};

/** A query on a visitor's page: its server-rendered data; a read it needs loads the stack. */
function useVisitorQuery(options: LooseOptions): unknown {
  const enabled = options.enabled !== false;
  const initialOption =
    typeof options.initialData === "function"
      ? (options.initialData as () => unknown)()
      : options.initialData;
  const light =
    enabled &&
    initialOption === undefined &&
    options.meta?.visitorRead === true &&
    typeof options.queryFn === "function";
  const hash = light ? keyOf(options.queryKey) : NO_READ;
  const lightData = useSyncExternalStore(
    hash ? (l) => visitorSubscribe(hash, l) : noopSubscribe,
    () => (hash ? visitorRead(hash).data : undefined),
    () => undefined,
  );
  const queryFn = options.queryFn as () => Promise<unknown>;
  const lightInterval = typeof options.refetchInterval === "number" ? options.refetchInterval : 0;
  useEffect(() => {
    if (!hash) return;
    const read = visitorRead(hash);
    read.users += 1;
    if (read.at === 0 || read.error) fetchVisitorRead(read, queryFn);
    if (lightInterval > 0 && !read.timer) {
      read.timer = setInterval(() => fetchVisitorRead(read, queryFn), lightInterval);
    }
    return () => {
      read.users -= 1;
      if (read.users === 0) {
        clearInterval(read.timer);
        read.timer = undefined;
      }
    };
    // the query function of one key does the same read whichever render made it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, lightInterval]);
  const initial = light ? lightData : initialOption;
  const hasData = initial !== undefined;
  const needsRead = enabled && !hasData && !light;
  // a light read polls by itself (above); another's refresh is the stack's query's, from there
  const interval =
    enabled && !light && typeof options.refetchInterval === "number" ? options.refetchInterval : 0;
  useEffect(() => {
    if (needsRead) {
      requestStack();
      return;
    }
    if (interval > 0) {
      const timer = setTimeout(() => requestStack(), interval);
      return () => clearTimeout(timer);
    }
  }, [needsRead, interval]);
  const data = hasData && options.select ? options.select(initial) : initial;
  return {
    data,
    error: null,
    status: hasData ? "success" : "pending",
    fetchStatus: needsRead ? "fetching" : "idle",
    isPending: !hasData,
    isSuccess: hasData,
    isError: false,
    isLoading: needsRead,
    isInitialLoading: needsRead,
    isFetching: needsRead,
    isFetched: hasData,
    isFetchedAfterMount: false,
    isPlaceholderData: false,
    isRefetching: false,
    isRefetchError: false,
    isLoadingError: false,
    isPaused: false,
    isStale: false,
    isEnabled: enabled,
    dataUpdatedAt:
      typeof options.initialDataUpdatedAt === "number" ? options.initialDataUpdatedAt : 0,
    errorUpdatedAt: 0,
    errorUpdateCount: 0,
    failureCount: 0,
    failureReason: null,
    refetch: () => {
      if (light) fetchVisitorRead(visitorRead(hash), queryFn);
      else requestStack();
      return Promise.resolve({ data, status: hasData ? "success" : "pending" });
    },
  };
}

/** A query once the stack is loaded: TanStack Query's own observer, as its `useQuery` uses it. */
function useLiveQuery(
  live: LiveStack | null,
  client: Query.QueryClient | undefined,
  options: LooseOptions,
) {
  const defaulted =
    live && client
      ? { ...client.defaultQueryOptions(options as never), _optimisticResults: "optimistic" }
      : null;
  // one observer per client, made with the options of its first render (later ones: setOptions)
  const observer = useMemo(
    () =>
      live && client
        ? (new live.QueryObserver(
            client,
            client.defaultQueryOptions(options as never) as never,
          ) as Query.QueryObserver)
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [live, client],
  );
  const subscribe = useCallback(
    (onStoreChange: () => void) => {
      if (!live || !observer) return () => {};
      const unsubscribe = observer.subscribe(live.notifyManager.batchCalls(onStoreChange));
      observer.updateResult();
      return unsubscribe;
    },
    [live, observer],
  );
  const current = () => observer?.getCurrentResult();
  useSyncExternalStore(subscribe, current, current);
  // after every render, as TanStack Query's hook does (its options are a new object each time)
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted as never);
  });
  if (!observer || !defaulted) return null;
  return observer.trackResult(observer.getOptimisticResult(defaulted as never));
}

/** A query that asks for nothing (the visitor's side of a query once the stack is loaded). */
const INERT: LooseOptions = { enabled: false };

/**
 * TanStack Query's `useQuery`, also before the stack is loaded (then {@link useVisitorQuery}).
 * Both sides' hooks run on every render, so the page's components stay mounted (and keep what
 * the user typed) when the stack loads.
 */
export const useQuery = ((options: LooseOptions) => {
  const live = useLiveStack();
  const client = useContext(QueryClientContext);
  const liveOn = Boolean(live && client);
  const visitor = useVisitorQuery(liveOn ? INERT : options);
  const answer = useLiveQuery(liveOn ? live : null, client, options);
  return answer ?? visitor;
}) as typeof Query.useQuery;

/** Before the stack: a client whose calls do nothing (no query exists yet to act on). */
const visitorQueryClient = new Proxy(
  {},
  { get: () => () => Promise.resolve(undefined) },
) as Query.QueryClient;

export const useQueryClient = (() => {
  return useContext(QueryClientContext) ?? visitorQueryClient;
}) as typeof Query.useQueryClient;

const DISCONNECTED = {
  address: undefined,
  addresses: undefined,
  chain: undefined,
  chainId: undefined,
  connector: undefined,
  isConnected: false,
  isConnecting: false,
  isDisconnected: true,
  isReconnecting: false,
  status: "disconnected",
} as const;

const noSubscription = () => () => {};
/** The last connection and client read per wagmi config (one object while nothing changed). */
const lastConnection = new WeakMap<object, unknown>();
const lastClient = new WeakMap<object, Map<number | undefined, { uid: string } | undefined>>();

export const useConnection = (() => {
  const live = useLiveStack();
  const config = useContext(WagmiContext);
  const subscribe = useCallback(
    (onChange: () => void) =>
      live && config ? live.watchConnection(config, { onChange }) : noSubscription(),
    [live, config],
  );
  const snapshot = () => {
    if (!live || !config) return DISCONNECTED;
    const next = live.getConnection(config);
    // one object while nothing changed (wagmi's hook compares the same way)
    const last = lastConnection.get(config);
    if (last && live.deepEqual(last, next)) return last;
    lastConnection.set(config, next);
    return next;
  };
  return useSyncExternalStore(subscribe, snapshot, () => DISCONNECTED);
}) as unknown as typeof Wagmi.useConnection;

/** wagmi's config; undefined before the stack loads (only a connected wallet's actions use it). */
export const useConfig = (() => useContext(WagmiContext)) as unknown as typeof Wagmi.useConfig;

const NO_CHAINS: readonly [] = [];

export const useChains = (() => {
  const config = useContext(WagmiContext);
  return config ? config.chains : NO_CHAINS;
}) as unknown as typeof Wagmi.useChains;

export const useClient = ((parameters?: { chainId?: number }) => {
  const live = useLiveStack();
  const config = useContext(WagmiContext);
  const subscribe = useCallback(
    (onChange: () => void) =>
      live && config ? live.watchClient(config, { onChange }) : noSubscription(),
    [live, config],
  );
  const chainId = parameters?.chainId;
  const snapshot = () => {
    if (!live || !config) return undefined;
    const next = live.getClient(config, chainId === undefined ? {} : { chainId: chainId as never });
    let byChain = lastClient.get(config);
    if (!byChain) lastClient.set(config, (byChain = new Map()));
    const last = byChain.get(chainId);
    if (last && last.uid === next?.uid) return last;
    byChain.set(chainId, next);
    return next;
  };
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}) as typeof Wagmi.useClient;
