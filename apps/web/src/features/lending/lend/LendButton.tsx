"use client";

import { fill, pools, type Pool } from "@lending/sdk";
import { preloadModal } from "@/components/modal/registry";
import { useModal } from "@/components/modal/modalContext";
import { useKycGate } from "@/features/kyc/useKycGate";
import { LEND_BUTTON_CLASS } from "./lendButtonClass";
import { TrancheFullView, trancheFullId } from "./TrancheFullView";
import { setLendTarget } from "./lendTarget";

export const OVERSUBSCRIBED_TOOLTIP = pools.oversubscribedTooltip;

/**
 * Opens the lend modal for a tranche (the connect modal first when no wallet is connected).
 * Oversubscribed (the spec's label) is disabled, with its reason as visible text beside it (a
 * tooltip is not reachable on touch): the tranche takes no deposits, or only this lender's
 * maximum for the epoch is used up (`fullReason`, from the SDK's `trancheFullText`). A tranche
 * closed after a loss shows Closed the same way, with why.
 */
export function LendButton({
  poolId,
  trancheId,
  trancheName,
  oversubscribed,
  fullReason,
  closed = false,
  pool,
}: {
  poolId: bigint;
  trancheId: bigint;
  trancheName: string;
  oversubscribed: boolean;
  /** why it is Oversubscribed to this lender; the spec's tooltip by default */
  fullReason?: string | null;
  /** closed to deposits after a loss wiped it (`TrancheView.closed`) */
  closed?: boolean;
  /** the pool as the card shows it, for the lend modal to show at once */
  pool?: Pool;
}) {
  const { open } = useModal();
  // KYC first when it is not completed; the KYC modal reopens the lend modal.
  const gate = useKycGate();
  if (closed || oversubscribed) {
    return (
      <TrancheFullView
        label={closed ? pools.closed : pools.oversubscribed}
        reason={closed ? pools.closedTooltip : (fullReason ?? OVERSUBSCRIBED_TOOLTIP)}
        tooltipId={trancheFullId(closed, poolId, trancheId)}
      />
    );
  }
  return (
    <button
      type="button"
      data-testid="lend-button"
      aria-label={fill(pools.lendInto, { tranche: trancheName })}
      onMouseEnter={() => preloadModal("lend")}
      onFocus={() => preloadModal("lend")}
      disabled={gate.checking}
      onClick={() => {
        setLendTarget({ poolId, trancheId, pool });
        void gate.run(() => open("lend"));
      }}
      className={LEND_BUTTON_CLASS}
    >
      {pools.lend}
    </button>
  );
}
