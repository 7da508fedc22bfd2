"use client";

import { useChains, useClient, useQuery } from "@/lib/stack";
import type { EpochTimes, Pool } from "@lending/sdk";
import type { Client } from "viem";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { epochTimesQueryOptions, poolsQueryOptions, type InitialData } from "./chain";

/** A viem client for the app's configured chain (not the wallet's chain). */
export function useAppChain(): { chainId: number; chainName: string; client?: Client } {
  const { chainId } = usePublicConfig();
  const chains = useChains();
  const client = useClient({ chainId }) as Client | undefined;
  return { chainId, chainName: chains.find((c) => c.id === chainId)?.name ?? "", client };
}

/** Seeds a query with what the server read while rendering (no browser read until it is stale). */
function seed<T>(initial: InitialData<T> | undefined) {
  return initial ? { initialData: initial.data, initialDataUpdatedAt: initial.fetchedAt } : {};
}

export function useEpochTimes(initial?: InitialData<EpochTimes>) {
  const { chainId, client } = useAppChain();
  return useQuery({ ...epochTimesQueryOptions(chainId, client), ...seed(initial) });
}

export function usePools(initial?: InitialData<Pool[]>) {
  const { chainId, client } = useAppChain();
  return useQuery({ ...poolsQueryOptions(chainId, client), ...seed(initial) });
}
