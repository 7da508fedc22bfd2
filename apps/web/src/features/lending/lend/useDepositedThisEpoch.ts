"use client";

import type { Pool } from "@lending/sdk";
import { useConnection, useQuery } from "@/lib/stack";
import { lendFormQueryOptions } from "@/lib/queries/chain";
import { useAppChain } from "@/lib/queries/hooks";

/**
 * What the connected user already requested this epoch per tranche of `pool` (the lend form's
 * query, so the lend modal opens with it cached); undefined for a visitor or while loading.
 */
export function useDepositedThisEpoch(pool: Pool): Record<string, bigint> | undefined {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const { data } = useQuery(lendFormQueryOptions(chainId, client, address, pool));
  return address ? data?.depositedThisEpoch : undefined;
}
