import { formatPercent, formatUsdc, type Pool } from "@lending/sdk";
import { PoolTable } from "@/components/ui/PoolTable";
import { LendButton } from "./lend/LendButton";

/** One pool with its tranches (variable APY, minimum and maximum deposit). */
export function PoolCard({ pool }: { pool: Pool }) {
  return (
    <PoolTable
      pool={pool}
      testId="pool-card"
      rowTestId="tranche-row"
      columns={[
        { label: "Variable APY" },
        { label: "Min. deposit" },
        { label: "Max. deposit" },
        { label: <span className="sr-only">Action</span> },
      ]}
      renderCells={(t) => (
        <>
          <td className="px-6 py-3 text-right font-semibold text-emerald-700 tabular-nums">
            {formatPercent(t.apy)}
          </td>
          <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
            {formatUsdc(t.minimumDeposit)} USDC
          </td>
          <td className="px-6 py-3 text-right text-slate-700 tabular-nums">
            {t.maximumDeposit === 0n ? "Oversubscribed" : `${formatUsdc(t.maximumDeposit)} USDC`}
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
