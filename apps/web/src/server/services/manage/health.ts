/**
 * The operator console's health panel (issue 27): the keeper's last run and last error per pool,
 * the indexer's lag behind the chain, the KSU price and its age, the database, and the treasury's
 * USDC allowance for referral rewards. Every item says whether it is stale (shown red).
 */
import {
  epochsDue,
  ksuLockingAbi,
  lendingPoolManagerAbi,
  referralRewardsAbi,
  testUsdcAbi,
  type Deployment,
} from "@lending/sdk";
import { sql } from "drizzle-orm";
import type { PublicClient } from "viem";
import type { Database } from "../../db/client";
import { indexerSync } from "../transactions";
import { keeperStatusRows } from "./keeper-status";

/** The keeper passes every few seconds: no pass recorded for this long is stale. */
export const KEEPER_STALE_SECONDS = 120;
/** The indexer this far behind the chain's head is stale. */
export const INDEXER_STALE_SECONDS = 120;

export type PoolHealth = {
  poolId: string;
  name: string;
  currentEpoch: string;
  nextEpochToClear: string;
  /** epochs whose clearing period has opened and that are not cleared yet */
  epochsDue: number;
  /** the oldest of them is past its clearing period: nobody cleared it in time */
  overdue: boolean;
  incidentOpen: boolean;
  idleLiquidity: string;
  drawnPrincipal: string;
  interestReserve: string;
  /** each tranche's value (variable + fixed-term ledgers), junior (id 0) first */
  tranches: { id: string; name: string; value: string }[];
  lastRunAt: string | null;
  lastAction: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  stale: boolean;
};

export type Health = {
  checkedAt: string;
  chain: { block: string; timestamp: number };
  keeper: {
    lastRunAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    stale: boolean;
  };
  pools: PoolHealth[];
  indexer: { behindSeconds: number | null; indexedBlock: string | null; stale: boolean };
  ksuPrice: {
    source: string;
    priceUsdc6: string;
    updatedAt: number;
    ageSeconds: number;
    stale: boolean;
  };
  database: { ok: boolean; latencyMs: number | null; stale: boolean };
  referralTreasury: {
    treasury: string;
    allowance: string;
    balance: string;
    stale: boolean;
  } | null;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function databaseHealth(db: Database): Promise<Health["database"]> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return { ok: true, latencyMs: Math.round(performance.now() - started), stale: false };
  } catch {
    return { ok: false, latencyMs: null, stale: true };
  }
}

export async function operatorHealth(args: {
  db: Database;
  client: PublicClient;
  deployment: Deployment;
  chainId: number;
  now?: number;
}): Promise<Health> {
  const { db, client, deployment, chainId } = args;
  const now = args.now ?? Date.now();
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const [block, pools, currentEpoch, genesis, database, keeperRows, sync, price, fresh] =
    await Promise.all([
      client.getBlock({ blockTag: "latest" }),
      client.readContract({ ...lpm, functionName: "getPools" }),
      client.readContract({ ...lpm, functionName: "currentEpoch" }),
      client.readContract({ ...lpm, functionName: "genesis" }),
      databaseHealth(db),
      keeperStatusRows(db, chainId).catch(() => []),
      indexerSync().catch(() => null),
      client.readContract({
        address: deployment.ksuLocking,
        abi: ksuLockingAbi,
        functionName: "ksuPrice",
      }),
      client.readContract({
        address: deployment.ksuLocking,
        abi: ksuLockingAbi,
        functionName: "isKsuPriceFresh",
      }),
    ]);
  const byScope = new Map(keeperRows.map((r) => [r.scope, r]));
  const keeperRow = byScope.get("keeper");
  const keeperStale =
    !keeperRow?.lastRunAt || now - keeperRow.lastRunAt.getTime() > KEEPER_STALE_SECONDS * 1000;

  const poolHealth = await Promise.all(
    pools.map(async (pool): Promise<PoolHealth> => {
      const [state, incidentOpen] = await Promise.all([
        client.readContract({ ...lpm, functionName: "getPoolState", args: [pool.id] }),
        client.readContract({ ...lpm, functionName: "incidentOpen", args: [pool.id] }),
      ]);
      const trancheStates = await Promise.all(
        pool.tranches.map((t) =>
          client.readContract({ ...lpm, functionName: "getTrancheState", args: [pool.id, t.id] }),
        ),
      );
      const row = byScope.get(`pool ${pool.id}`);
      const { due, overdue } = epochsDue(genesis, state.nextEpochToClear, block.timestamp);
      return {
        poolId: pool.id.toString(),
        name: pool.name,
        currentEpoch: currentEpoch.toString(),
        nextEpochToClear: state.nextEpochToClear.toString(),
        epochsDue: due,
        overdue,
        incidentOpen,
        idleLiquidity: state.idleLiquidity.toString(),
        drawnPrincipal: state.drawnPrincipal.toString(),
        interestReserve: state.interestReserve.toString(),
        tranches: pool.tranches.map((t, i) => ({
          id: t.id.toString(),
          name: t.name,
          value: (trancheStates[i]!.totalAssets + trancheStates[i]!.fixedTermAssets).toString(),
        })),
        lastRunAt: iso(row?.lastRunAt),
        lastAction: row?.lastAction ?? null,
        lastError: row?.lastError ?? null,
        lastErrorAt: iso(row?.lastErrorAt),
        // an epoch past its clearing period that nobody cleared, or the keeper not running
        stale: overdue || keeperStale,
      };
    }),
  );

  let referralTreasury: Health["referralTreasury"] = null;
  if (deployment.referralRewards) {
    const treasury = await client.readContract({
      address: deployment.referralRewards,
      abi: referralRewardsAbi,
      functionName: "treasury",
    });
    const usdc = { address: deployment.usdc, abi: testUsdcAbi } as const;
    const [allowance, balance] = await Promise.all([
      client.readContract({
        ...usdc,
        functionName: "allowance",
        args: [treasury, deployment.referralRewards],
      }),
      client.readContract({ ...usdc, functionName: "balanceOf", args: [treasury] }),
    ]);
    referralTreasury = {
      treasury,
      allowance: allowance.toString(),
      balance: balance.toString(),
      // rewards cannot be paid: no allowance, or no USDC behind it
      stale: allowance === 0n || balance === 0n,
    };
  }

  const [priceUsdc6, updatedAt] = price;
  return {
    checkedAt: new Date(now).toISOString(),
    chain: { block: block.number.toString(), timestamp: Number(block.timestamp) },
    keeper: {
      lastRunAt: iso(keeperRow?.lastRunAt),
      lastError: keeperRow?.lastError ?? null,
      lastErrorAt: iso(keeperRow?.lastErrorAt),
      stale: keeperStale,
    },
    pools: poolHealth,
    indexer: {
      behindSeconds: sync?.behindSeconds ?? null,
      indexedBlock: sync?.indexedBlock ?? null,
      stale: !sync || sync.behindSeconds > INDEXER_STALE_SECONDS,
    },
    ksuPrice: {
      source: "KsuLocking.ksuPrice()",
      priceUsdc6: priceUsdc6.toString(),
      updatedAt: Number(updatedAt),
      ageSeconds: Math.max(0, Number(block.timestamp - updatedAt)),
      stale: !fresh || priceUsdc6 === 0n,
    },
    database,
    referralTreasury,
  };
}
