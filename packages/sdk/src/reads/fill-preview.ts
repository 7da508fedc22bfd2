import type { Client } from "viem";
import type { Deployment } from "../deployments";
import {
  previewFill,
  simulateClearing,
  type ClearingBucketTotals,
  type ClearingPoolState,
  type FillPreview,
} from "../domain/clearing";
import type { RequestRecord } from "../entities";
import { readPools, type Pool } from "./pools";
import { manager } from "./contracts";
import { readContract } from "./readContract";

const KIND = { Deposit: 0, Withdrawal: 1 } as const;

/** The pool's state as the clearing reads it (`getPoolState`, `getTrancheState`, `getPools`). */
export async function readClearingState(
  client: Client,
  deployment: Deployment,
  pool: Pool,
): Promise<{ state: ClearingPoolState; nextEpochToClear: bigint }> {
  const [poolState, ...tranches] = await Promise.all([
    readContract(client, {
      ...manager(deployment),
      functionName: "getPoolState",
      args: [pool.id],
    }),
    ...pool.tranches.map((t) =>
      readContract(client, {
        ...manager(deployment),
        functionName: "getTrancheState",
        args: [pool.id, t.id],
      }),
    ),
  ]);
  return {
    nextEpochToClear: poolState.nextEpochToClear,
    state: {
      idleLiquidity: poolState.idleLiquidity,
      interestReserve: poolState.interestReserve,
      tranches: tranches.map((s, i) => {
        const view = pool.tranches[i]!;
        // The chain shows only the sum of a tranche's fixed-term ledgers: their interest is
        // estimated at the highest fixed rate of the tranche (the room it leaves is never
        // overstated). Exact when the tranche has one fixed-term config or none in use.
        const fixedRate = view.fixedTermConfig.reduce(
          (m, c) => (c.epochInterestRate > m ? c.epochInterestRate : m),
          0n,
        );
        return {
          totalAssets: s.totalAssets,
          totalShares: s.totalShares,
          fixedTermAssets: s.fixedTermAssets,
          capacity: view.capacity,
          closed: view.closed,
          epochInterestRate: s.epochInterestRate,
          pendingRate: s.pendingRate,
          pendingRateEpoch: s.pendingRateEpoch,
          fixedTermLedgers:
            s.fixedTermAssets === 0n
              ? []
              : [{ assets: s.fixedTermAssets, epochInterestRate: fixedRate }],
        };
      }),
    },
  };
}

/** The 18 bucket totals of an epoch of a pool (`getBucket`), per tranche. */
export async function readBucketTotals(
  client: Client,
  deployment: Deployment,
  poolId: bigint,
  trancheCount: number,
  epoch: bigint,
): Promise<ClearingBucketTotals[]> {
  const read = (trancheId: number, kind: 0 | 1, level: number) =>
    readContract(client, {
      ...manager(deployment),
      functionName: "getBucket",
      args: [poolId, epoch, BigInt(trancheId), kind, level],
    }).then((b) => b.total);
  return Promise.all(
    Array.from({ length: trancheCount }, async (_, i) => {
      const [d0, d1, d2, w0, w1, w2] = await Promise.all([
        read(i, KIND.Deposit, 0),
        read(i, KIND.Deposit, 1),
        read(i, KIND.Deposit, 2),
        read(i, KIND.Withdrawal, 0),
        read(i, KIND.Withdrawal, 1),
        read(i, KIND.Withdrawal, 2),
      ]);
      return { deposit: [d0, d1, d2], withdrawal: [w0, w1, w2] } as const;
    }),
  );
}

/**
 * The fill preview of each pending request (issue 28): what it would get if its epoch closed now,
 * from the current queue (every bucket of the epoch), capacity, liquidity and loyalty order, by
 * the clearing rule of `simulateClearing`. Epochs before the request's that are still to clear
 * are cleared first in the simulation. Requests that are not pending are left out.
 *
 * @example
 * const { requests } = await readUserPosition(client, deployment, user);
 * const previews = await readFillPreviews(client, deployment, requests);
 * previews.get(requests[0].nftId)?.filledUsdc;
 */
export async function readFillPreviews(
  client: Client,
  deployment: Deployment,
  requests: readonly Pick<
    RequestRecord,
    "nftId" | "poolId" | "trancheId" | "epoch" | "kind" | "level" | "amount" | "status"
  >[],
  pools?: readonly Pool[],
): Promise<Map<bigint, FillPreview>> {
  const pending = requests.filter((r) => r.status === "Pending");
  const previews = new Map<bigint, FillPreview>();
  if (pending.length === 0) return previews;
  const allPools = pools ?? (await readPools(client, deployment));
  const poolIds = [...new Set(pending.map((r) => r.poolId))];
  await Promise.all(
    poolIds.map(async (poolId) => {
      const pool = allPools.find((p) => p.id === poolId);
      if (!pool) return;
      const mine = pending.filter((r) => r.poolId === poolId);
      const last = mine.reduce((m, r) => (r.epoch > m ? r.epoch : m), 0n);
      const { state, nextEpochToClear } = await readClearingState(client, deployment, pool);
      let current = state;
      for (let epoch = nextEpochToClear; epoch <= last; epoch++) {
        const buckets = await readBucketTotals(
          client,
          deployment,
          poolId,
          pool.tranches.length,
          epoch,
        );
        const result = simulateClearing(current, buckets, epoch);
        for (const r of mine) {
          if (r.epoch !== epoch) continue;
          previews.set(r.nftId, previewFill(result, r));
        }
        current = result.after;
      }
    }),
  );
  return previews;
}
