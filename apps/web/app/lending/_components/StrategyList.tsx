import {
  common,
  fill,
  formatPercent,
  formatUsdc,
  getDeployment,
  pages,
  poolStrategyStatus,
  readPools,
  type Pool,
  type StrategyStatus,
} from "@lending/sdk";
import { connection } from "next/server";
import { PoolTable } from "@/components/ui/PoolTable";
import { RefreshingLoadError } from "@/components/ui/RefreshingLoadError";
import { serverConfig } from "@/config/server";
import { appChains } from "@/features/wallet/chains";
import { chainClient } from "@/server/context";
import { failureOf, type ReadFailure } from "@/server/services/initial-reads";

async function readStrategies(
  status: StrategyStatus,
): Promise<{ pools: Pool[] } | { error: ReadFailure | undefined }> {
  const config = serverConfig();
  try {
    const pools = await readPools(chainClient(config), getDeployment(config.chainId));
    return { pools: pools.filter((p) => poolStrategyStatus(p) === status) };
  } catch (error) {
    console.error(`reading ${status} strategies failed`, error);
    return { error: failureOf(error) };
  }
}

/**
 * The pools in one strategy status, read from the chain on the server (no client JavaScript):
 * each with its tranches, variable APY, capacity and assets.
 */
export async function StrategyList({
  status,
  empty,
}: {
  status: Exclude<StrategyStatus, "open">;
  empty: string;
}) {
  await connection();
  const result = await readStrategies(status);
  if ("error" in result) {
    const config = serverConfig();
    return (
      <RefreshingLoadError
        what={pages.strategies.readError}
        error={result.error}
        chainName={appChains(config.chainId, config.rpcUrl)[0].name}
        testId="strategies-error"
      />
    );
  }
  if (result.pools.length === 0) {
    return (
      <p
        data-testid="strategies-empty"
        className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600"
      >
        {empty}
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {result.pools.map((pool) => (
        <PoolTable
          key={pool.id.toString()}
          pool={pool}
          testId="strategy-card"
          columns={[
            { label: pages.strategies.variableApy, cell: (t) => formatPercent(t.apy) },
            {
              label: pages.strategies.capacity,
              cell: (t) => fill(common.usdcAmount, { amount: formatUsdc(t.capacity) }),
            },
            {
              label: pages.strategies.totalAssets,
              cell: (t) => fill(common.usdcAmount, { amount: formatUsdc(t.totalAssets) }),
            },
          ]}
        />
      ))}
    </div>
  );
}
