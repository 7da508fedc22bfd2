"use client";

import {
  common,
  fill,
  formatPercent,
  formatUsdc,
  isTrancheOversubscribedFor,
  pools,
  type Pool,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { PoolTable } from "@/components/ui/PoolTable";
import { lendFormQueryOptions } from "@/lib/queries/chain";
import { useAppChain } from "@/lib/queries/hooks";
import { PoolNotice } from "@/features/incidents/PoolNotice";
import { LendButton } from "./lend/LendButton";
import { RepaymentsButton } from "./repayments/RepaymentsButton";

const copy = pools;
const usdc = (amount: bigint) => fill(common.usdcAmount, { amount: formatUsdc(amount) });

/**
 * What the connected user already requested this epoch per tranche of `pool` (the lend form's
 * query, so the lend modal opens with it cached); undefined for a visitor or while loading.
 */
function useDepositedThisEpoch(pool: Pool): Record<string, bigint> | undefined {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const { data } = useQuery(lendFormQueryOptions(chainId, client, address, pool));
  return address ? data?.depositedThisEpoch : undefined;
}

/**
 * One pool with its tranches (variable APY, minimum and maximum deposit). A tranche is
 * Oversubscribed (disabled, with the tooltip) when the user's room this epoch is 0: the tranche
 * maximum, or what is left of it after the user's deposits this epoch; Closed (disabled, with
 * why) after a loss wiped it, until it is recapitalised.
 */
export function PoolCard({ pool }: { pool: Pool }) {
  const deposited = useDepositedThisEpoch(pool);
  const oversubscribed = (t: Pool["tranches"][number]) =>
    isTrancheOversubscribedFor(t, deposited?.[t.id.toString()]);
  return (
    <PoolTable
      pool={pool}
      testId="pool-card"
      rowTestId="tranche-row"
      headerAction={<RepaymentsButton poolId={pool.id} poolName={pool.poolName} />}
      notice={<PoolNotice poolId={pool.id} />}
      columns={[
        {
          label: copy.variableApy,
          className: "font-semibold text-emerald-700",
          cell: (t) => formatPercent(t.apy),
        },
        { label: copy.minDeposit, cell: (t) => usdc(t.minimumDeposit) },
        {
          label: copy.maxDeposit,
          cell: (t) => (t.maximumDeposit === 0n ? copy.oversubscribed : usdc(t.maximumDeposit)),
        },
        {
          label: copy.action,
          srOnlyLabel: true,
          fullRow: true,
          cell: (t) => (
            <LendButton
              poolId={pool.id}
              trancheId={t.id}
              trancheName={t.name}
              oversubscribed={oversubscribed(t)}
              closed={t.closed}
            />
          ),
        },
      ]}
    />
  );
}
