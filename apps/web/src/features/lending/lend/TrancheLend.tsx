"use client";

import { isTrancheOversubscribedFor, trancheFullText, type Pool } from "@lending/sdk";
import { LendButton } from "./LendButton";
import { useDepositedThisEpoch } from "./useDepositedThisEpoch";

/**
 * A connected lender's Lend button for one tranche (the pool cards on /lending, the pool page):
 * KYC first, then the lend modal; Oversubscribed with why once this lender's maximum for the
 * epoch is used up, Closed with why. It loads with the wallet stack ({@link LendAction}).
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
      pool={pool}
    />
  );
}
