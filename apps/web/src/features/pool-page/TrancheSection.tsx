import { common, fill, formatPercent, formatUsdc, poolPage, type Pool } from "@lending/sdk";
import { PoolTable } from "@/components/ui/PoolTable";
import { TrancheAction } from "@/features/lending/lend/TrancheAction";

const copy = poolPage;
const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });

/**
 * The pool's tranches, most senior first: seniority, variable APY, capacity left, minimum and
 * maximum deposit, the fixed terms on offer, and Lend (the /lending flow).
 */
export function TrancheSection({ pool }: { pool: Pool }) {
  const count = pool.tranches.length;
  const bySeniority = { ...pool, tranches: [...pool.tranches].reverse() };
  return (
    <section aria-labelledby="pool-tranches" className="space-y-3">
      <h2 id="pool-tranches" className="text-xl font-semibold text-slate-900">
        {copy.tranches}
      </h2>
      <p className="text-sm text-slate-600">{copy.tranchesLead}</p>
      <PoolTable
        pool={{ ...bySeniority, poolName: pool.poolName, subheading: "" }}
        headingLevel={3}
        testId="pool-tranches"
        rowTestId="pool-tranche-row"
        columns={[
          {
            label: copy.seniority,
            cell: (t) =>
              fill(copy.seniorityValue, {
                rank: String(count - Number(t.id)),
                count: String(count),
              }),
          },
          {
            label: copy.variableApy,
            className: "font-semibold text-emerald-700",
            cell: (t) => formatPercent(t.apy),
          },
          {
            label: copy.capacityLeft,
            cell: (t) => usdc(t.capacity > t.totalAssets ? t.capacity - t.totalAssets : 0n),
          },
          { label: copy.minDeposit, cell: (t) => usdc(t.minimumDeposit) },
          { label: copy.maxDeposit, cell: (t) => usdc(t.maximumDeposit) },
          {
            label: copy.fixedTerms,
            cell: (t) => {
              const offered = t.fixedTermConfig.filter(
                (c) => c.fixedTermDepositStatus !== "Disabled",
              );
              if (offered.length === 0) return copy.noFixedTerms;
              return (
                <ul className="space-y-0.5">
                  {offered.map((c) => (
                    <li key={c.configId.toString()}>
                      {fill(copy.fixedTerm, {
                        apy: formatPercent(c.apy),
                        weeks: c.epochLockDuration.toString(),
                      })}
                    </li>
                  ))}
                </ul>
              );
            },
          },
          {
            label: copy.lend,
            srOnlyLabel: true,
            fullRow: true,
            cell: (t) => <TrancheAction pool={pool} tranche={t} />,
          },
        ]}
      />
    </section>
  );
}
