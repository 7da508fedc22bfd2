"use client";

/**
 * The wallet stack's hooks for components a visitor's page renders: until the stack is loaded
 * (./store) they answer as wagmi and TanStack Query would for a browser with no wallet and no
 * fetch yet: disconnected, the server-rendered data, no client reads. Once it is loaded the
 * page's client tree mounts again under the wallet providers and they are wagmi's and TanStack
 * Query's own. Whether the stack is loaded never changes within one mount, so each component
 * calls the same hooks on every render.
 *
 * Modules only a connected wallet reaches (modals, watchers, the dev panel) import wagmi and
 * TanStack Query directly: they load with the stack.
 */
import type * as Query from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import type * as Wagmi from "wagmi";
import { requestStack, type LiveStack } from "./store";

export { requestStack } from "./store";

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
  enabled?: unknown;
  initialData?: unknown;
  initialDataUpdatedAt?: unknown;
  select?: (data: unknown) => unknown;
  refetchInterval?: unknown;
}

/** A query on a visitor's page: its server-rendered data; a read it needs loads the stack. */
function useVisitorQuery(options: LooseOptions): unknown {
  const enabled = options.enabled !== false;
  const initial =
    typeof options.initialData === "function"
      ? (options.initialData as () => unknown)()
      : options.initialData;
  const hasData = initial !== undefined;
  const needsRead = enabled && !hasData;
  const interval =
    enabled && typeof options.refetchInterval === "number" ? options.refetchInterval : 0;
  useEffect(() => {
    if (needsRead) {
      requestStack();
      return;
    }
    // the data's refresh: the stack's query takes over from there
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
      requestStack();
      return Promise.resolve({ data, status: hasData ? "success" : "pending" });
    },
  };
}

export const useQuery = ((options: LooseOptions) => {
  const live = useLiveStack();
  // `live` never changes within a mount (see above): the same hooks run on every render
  return live ? live.useQuery(options as never) : useVisitorQuery(options);
}) as typeof Query.useQuery;

/** Before the stack: a client whose calls do nothing (no query exists yet to act on). */
const visitorQueryClient = new Proxy(
  {},
  { get: () => () => Promise.resolve(undefined) },
) as Query.QueryClient;

export const useQueryClient = (() => {
  const live = useLiveStack();
  return live ? live.useQueryClient() : visitorQueryClient;
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

export const useConnection = (() => {
  const live = useLiveStack();
  return live ? live.useConnection() : DISCONNECTED;
}) as unknown as typeof Wagmi.useConnection;

/** wagmi's config; undefined before the stack loads (only a connected wallet's actions use it). */
export const useConfig = (() => {
  const live = useLiveStack();
  return live ? live.useConfig() : undefined;
}) as unknown as typeof Wagmi.useConfig;

const NO_CHAINS: readonly [] = [];

export const useChains = (() => {
  const live = useLiveStack();
  return live ? live.useChains() : NO_CHAINS;
}) as unknown as typeof Wagmi.useChains;

export const useClient = ((parameters?: object) => {
  const live = useLiveStack();
  return live ? live.useClient(parameters as never) : undefined;
}) as typeof Wagmi.useClient;
