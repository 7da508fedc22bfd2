import { queryOptions } from "@tanstack/react-query";
import type { Client } from "viem";
import { queryKeys } from "./keys";

/**
 * The SDK's chain reads (ABIs, viem's call/decode) load as their own chunk in parallel with
 * hydration instead of sitting in every page's first-load JavaScript.
 */
const loadSdk = () => import("@lending/sdk");

/** Epoch timing for the clearing banner; refreshed every minute. */
export function epochTimesQueryOptions(chainId: number, client: Client | undefined) {
  return queryOptions({
    queryKey: queryKeys.epochTimes(chainId),
    queryFn: async () => {
      const { readEpochTimes, getDeployment } = await loadSdk();
      return readEpochTimes(client!, getDeployment(chainId));
    },
    enabled: Boolean(client),
    refetchInterval: 60_000,
  });
}

/** Pools with their tranches and fixed-term configs. */
export function poolsQueryOptions(chainId: number, client: Client | undefined) {
  return queryOptions({
    queryKey: queryKeys.pools(chainId),
    queryFn: async () => {
      const { readPools, getDeployment } = await loadSdk();
      return readPools(client!, getDeployment(chainId));
    },
    enabled: Boolean(client),
    refetchInterval: 60_000,
  });
}
