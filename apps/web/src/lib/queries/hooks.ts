"use client";

import { useQuery } from "@/lib/stack";
import type { Pool } from "@lending/sdk";
import { seed, useAppChain } from "./base";
import { poolsQueryOptions, type InitialData } from "./chain";

export { useAppChain } from "./base";
export { useEpochTimes } from "./epochTimes";

export function usePools(initial?: InitialData<Pool[]>) {
  const { chainId, client } = useAppChain();
  return useQuery({ ...poolsQueryOptions(chainId, client), ...seed(initial) });
}
