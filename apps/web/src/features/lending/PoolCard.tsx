import { common, fill, formatPercent, formatUsdc, pools, type Pool } from "@lending/sdk";
import { PoolTable } from "@/components/ui/PoolTable";
import { LendButton } from "./lend/LendButton";

const copy = pools;
const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });

/** One pool with its tranches (variable APY, minimum and maximum deposit). */
export function PoolCard({ pool }: { pool: Pool }) {
  return (
    <PoolTable
      pool={pool}
      testId="pool-card"
      rowTestId="tranche-row"
      columns={[
        { label: copy.variableApy },
        { label: copy.minDeposit },
        { label: copy.maxDeposit },
        { label: <span className="sr-only">{copy.action}</span> },
      ]}
      renderCells={(t) => (
        <>
          <td className="px-6 py-3 text-right font-semibold text-emerald-700 tabular-nums">
            {formatPercent(t.apy)}
          </td>
          <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
            {usdc(t.minimumDeposit)}
          </td>
          <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
            {t.maximumDeposit === 0n ? copy.oversubscribed : usdc(t.maximumDeposit)}
          </td>
          <td className="px-6 py-3 text-right">
            <LendButton
              poolId={pool.id}
              trancheId={t.id}
              trancheName={t.name}
              oversubscribed={t.maximumDeposit === 0n}
            />
          </td>
        </>
      )}
    />
  );
}
