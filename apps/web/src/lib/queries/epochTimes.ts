"use client";

/**
 * The clearing banner's read (in every page's layout), apart from ./chain and ./keys so a page's
 * first load carries only this one.
 */
import { loadChainReads } from "@/lib/stack/chunks";
import { queryOptions, useQuery } from "@/lib/stack";
import type { EpochTimes } from "@lending/sdk";
import type { Client } from "viem";
import { seed, useAppChain } from "./base";
import type { InitialData } from "./chain";
import { epochTimesKey } from "./epochKey";
import { pollWhileFailing } from "./recovery";

/** Epoch timing for the clearing banner; refreshed every minute. */
export function epochTimesQueryOptions(chainId: number, client: Client | undefined) {
  return queryOptions({
    queryKey: epochTimesKey(chainId),
    queryFn: async () => {
      const { readEpochTimes, getDeployment } = await loadChainReads();
      return readEpochTimes(client!, getDeployment(chainId));
    },
    enabled: Boolean(client),
    refetchInterval: pollWhileFailing(60_000),
  });
}

export function useEpochTimes(initial?: InitialData<EpochTimes>) {
  const { chainId, client } = useAppChain();
  return useQuery({ ...epochTimesQueryOptions(chainId, client), ...seed(initial) });
}
