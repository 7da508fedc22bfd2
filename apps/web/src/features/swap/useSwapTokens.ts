"use client";

import { loadTokenReads } from "@/lib/stack/chunks";
import { useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { getSwapTokens, type SwapToken } from "./actions";
import { isNativeToken } from "./swapClient";

export type { SwapToken };

/** The swap tokens of this chain (server action getSwapTokens) and the router to approve. */
export function useSwapTokens(chainId: number) {
  return useQuery({
    queryKey: ["lending", chainId, "swapTokens"] as const,
    queryFn: () => getSwapTokens(),
    staleTime: Infinity,
  });
}

/** The wallet balances of the swap tokens, by symbol. */
export function useSwapBalances(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
  tokens: SwapToken[] | undefined,
) {
  return useQuery({
    queryKey: [
      "lending",
      chainId,
      "user",
      user ?? "",
      "swapBalances",
      tokens?.length ?? 0,
    ] as const,
    queryFn: async (): Promise<Record<string, bigint>> => {
      const { readEthBalance, readTokenBalance } = await loadTokenReads();
      const entries = await Promise.all(
        (tokens ?? []).map(
          async (t) =>
            [
              t.symbol,
              isNativeToken(t.address)
                ? await readEthBalance(client!, user!)
                : await readTokenBalance(client!, { token: t.address, owner: user! }),
            ] as const,
        ),
      );
      return Object.fromEntries(entries);
    },
    enabled: Boolean(client && user && tokens && tokens.length > 0),
    ...BALANCE_QUERY_TIMING,
  });
}
