"use client";

import { isTrancheOversubscribedFor, trancheFullText, type Pool } from "@lending/sdk";
import { LendButton } from "@/features/lending/lend/LendButton";
import { useDepositedThisEpoch } from "@/features/lending/lend/useDepositedThisEpoch";

/**
 * The pool page's Lend button for one tranche: the same button and lend flow as the pool card on
 * /lending (KYC first, then the lend modal), Oversubscribed or Closed with why.
 */
export function TrancheLend({ pool, trancheId }: { pool: Pool; trancheId: bigint }) {
  const deposited = useDepositedThisEpoch(pool);
  const t = pool.tranches.find((x) => x.id === trancheId);
  if (!t) return null;
  const mine = deposited?.[t.id.toString()];
  return (
    <LendButton
      poolId={pool.id}
      trancheId={t.id}
      trancheName={t.name}
      oversubscribed={isTrancheOversubscribedFor(t, mine)}
      closed={t.closed}
      fullReason={trancheFullText(t, mine)}
    />
  );
}
