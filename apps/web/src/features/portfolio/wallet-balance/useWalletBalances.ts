"use client";

import { loadTokenReads } from "@/lib/stack/chunks";
import { useQuery } from "@/lib/stack";
import type { ChainToken } from "@lending/sdk";
import type { Address, Client } from "viem";
import { apiGet } from "@/lib/api";
import { BALANCE_QUERY_TIMING } from "@/lib/queries/chain";
import { queryKeys } from "@/lib/queries/keys";

/** USD prices by symbol from GET /api/token: null where unavailable. */
export type TokenPrices = Record<string, number | null>;

/**
 * The wallet's balance of each token (smallest units, by symbol), read from the chain in the
 * browser: refreshed every 60 s, deduplicated for 60 s, retried 5 times every 2 s.
 */
export function useWalletBalances(
  chainId: number,
  client: Client | undefined,
  user: Address | undefined,
  tokens: readonly ChainToken[],
) {
  return useQuery({
    queryKey: [
      ...queryKeys.user(chainId, user ?? ""),
      "walletBalances",
      tokens.map((t) => t.address).join(","),
    ] as const,
    queryFn: async (): Promise<Record<string, bigint>> => {
      const { readEthBalance, readTokenBalance } = await loadTokenReads();
      const balances = await Promise.all(
        tokens.map((t) =>
          t.native
            ? readEthBalance(client!, user!)
            : readTokenBalance(client!, { token: t.address, owner: user! }),
        ),
      );
      return Object.fromEntries(tokens.map((t, i) => [t.symbol, balances[i]!]));
    },
    enabled: Boolean(client && user && tokens.length > 0),
    ...BALANCE_QUERY_TIMING,
  });
}

/** The tokens' USD prices (GET /api/token), on the same 60 s schedule as the balances. */
export function useTokenPrices(chainId: number, symbols: readonly string[]) {
  const list = symbols.join(",");
  return useQuery({
    queryKey: ["prices", chainId, list] as const,
    queryFn: () => apiGet<TokenPrices>(`/api/token?tokens=${encodeURIComponent(list)}`),
    enabled: symbols.length > 0,
    ...BALANCE_QUERY_TIMING,
  });
}
