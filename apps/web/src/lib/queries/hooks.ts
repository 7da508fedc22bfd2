"use client";

import { useQuery } from "@tanstack/react-query";
import type { Client } from "viem";
import { useChains, useClient } from "wagmi";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { epochTimesQueryOptions, poolsQueryOptions } from "./chain";

/** A viem client for the app's configured chain (not the wallet's chain). */
export function useAppChain(): { chainId: number; chainName: string; client?: Client } {
  const { chainId } = usePublicConfig();
  const chains = useChains();
  const client = useClient({ chainId }) as Client | undefined;
  return { chainId, chainName: chains.find((c) => c.id === chainId)?.name ?? "", client };
}

export function useEpochTimes() {
  const { chainId, client } = useAppChain();
  return useQuery(epochTimesQueryOptions(chainId, client));
}

export function usePools() {
  const { chainId, client } = useAppChain();
  return useQuery(poolsQueryOptions(chainId, client));
}
