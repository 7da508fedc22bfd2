import {
  formatPercent,
  formatUsdc,
  getDeployment,
  poolStrategyStatus,
  readPools,
  type Pool,
  type StrategyStatus,
} from "@lending/sdk";
import { connection } from "next/server";
import { serverConfig } from "@/config/server";
import { chainClient } from "@/server/context";

async function readStrategies(
  status: StrategyStatus,
): Promise<{ pools: Pool[] } | { error: true }> {
  try {
    const config = serverConfig();
    const pools = await readPools(chainClient(config), getDeployment(config.chainId));
    return { pools: pools.filter((p) => poolStrategyStatus(p) === status) };
  } catch (error) {
    console.error(`reading ${status} strategies failed`, error);
    return { error: true };
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
    return (
      <p
        role="alert"
        data-testid="strategies-error"
        className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
      >
        The lending strategies could not be read from the network. Please reload the page in a
        moment.
      </p>
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
        <article
          key={pool.id.toString()}
          data-testid="strategy-card"
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <header className="border-b border-slate-100 px-6 py-5">
            <h2 className="text-lg font-semibold text-slate-900">{pool.poolName}</h2>
            {pool.subheading ? (
              <p className="mt-1 text-sm text-slate-600">{pool.subheading}</p>
            ) : null}
          </header>
          <div className="overflow-x-auto">
            <table className="w-full text-sm whitespace-nowrap">
              <thead>
                <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
                  <th scope="col" className="px-6 py-3 font-medium">
                    Tranche
                  </th>
                  <th scope="col" className="px-6 py-3 text-right font-medium">
                    Variable APY
                  </th>
                  <th scope="col" className="px-6 py-3 text-right font-medium">
                    Capacity
                  </th>
                  <th scope="col" className="px-6 py-3 text-right font-medium">
                    Total assets
                  </th>
                </tr>
              </thead>
              <tbody>
                {pool.tranches.map((t) => (
                  <tr key={t.id.toString()} className="border-t border-slate-100">
                    <th scope="row" className="px-6 py-3 text-left font-medium text-slate-900">
                      {t.name}
                    </th>
                    <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
                      {formatPercent(t.apy)}
                    </td>
                    <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
                      {formatUsdc(t.capacity)} USDC
                    </td>
                    <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
                      {formatUsdc(t.totalAssets)} USDC
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ))}
    </div>
  );
}
