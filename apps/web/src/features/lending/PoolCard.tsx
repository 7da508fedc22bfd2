import { formatPercent, formatUsdc, type Pool } from "@lending/sdk";
import { LendButton } from "./lend/LendButton";

/** One pool with its tranches (variable APY, minimum and maximum deposit). */
export function PoolCard({ pool }: { pool: Pool }) {
  return (
    <article
      data-testid="pool-card"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-100 px-6 py-5">
        <h2 className="text-lg font-semibold text-slate-900">{pool.poolName}</h2>
        {pool.subheading ? <p className="mt-1 text-sm text-slate-600">{pool.subheading}</p> : null}
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
                Min. deposit
              </th>
              <th scope="col" className="px-6 py-3 text-right font-medium">
                Max. deposit
              </th>
              <th scope="col" className="px-6 py-3 text-right font-medium">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pool.tranches.map((t) => (
              <tr
                key={t.id.toString()}
                data-testid="tranche-row"
                className="border-t border-slate-100"
              >
                <th scope="row" className="px-6 py-3 text-left font-medium text-slate-900">
                  {t.name}
                </th>
                <td className="px-6 py-3 text-right font-semibold text-emerald-700 tabular-nums">
                  {formatPercent(t.apy)}
                </td>
                <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
                  {formatUsdc(t.minimumDeposit)} USDC
                </td>
                <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
                  {t.maximumDeposit === 0n
                    ? "Oversubscribed"
                    : `${formatUsdc(t.maximumDeposit)} USDC`}
                </td>
                <td className="px-6 py-3 text-right">
                  <LendButton
                    poolId={pool.id}
                    trancheId={t.id}
                    trancheName={t.name}
                    oversubscribed={t.maximumDeposit === 0n}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
